import { isAgentOnline } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { RelativeTime } from '../../../ui/relative-time';
import { useNow } from '../../../ui/use-now';
import type { AgentSummary } from './types';

const column = createColumnHelper<AgentSummary>();
const numeric = { className: 'tabular-nums' };

/** Online when last seen within 61 seconds; the dot re-evaluates every few seconds. */
export function OnlineStatus({ lastSeen }: { lastSeen: string | null }) {
  const now = useNow(5_000);
  const online = isAgentOnline(lastSeen, now);
  return (
    <span className="inline-flex items-center gap-1.5 text-xs">
      <span aria-hidden="true" className={`size-2 rounded-full ${online ? 'bg-success' : 'bg-fg-muted'}`} />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

/** The agents table: name with its online status, the counts of what it reports, and its times. */
export function agentColumns(): DataTableColumn<AgentSummary>[] {
  return [
    column.accessor('name', {
      header: 'Name',
      cell: (info) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-medium [overflow-wrap:anywhere]">{info.getValue()}</span>
          {info.row.original.description && <span className="text-xs text-fg-muted">{info.row.original.description}</span>}
        </span>
      ),
    }),
    column.accessor('last_seen', { id: 'status', header: 'Status', enableSorting: false, cell: (info) => <OnlineStatus lastSeen={info.getValue()} /> }),
    column.accessor('config_count', { header: 'Configs', meta: numeric, cell: (info) => Number(info.getValue()) }),
    column.accessor('checks_count', { header: 'Checks', meta: numeric, cell: (info) => Number(info.getValue()) }),
    column.accessor('config_scrapper_count', { header: 'Scrapers', meta: numeric, cell: (info) => Number(info.getValue()) }),
    column.accessor('playbook_runs_count', { header: 'Playbook Runs', meta: numeric, cell: (info) => Number(info.getValue()) }),
    column.accessor('last_seen', { header: 'Last Seen', cell: (info) => <RelativeTime value={info.getValue()} side="past" fallback="Never" /> }),
    column.accessor('last_received', { header: 'Last Received', cell: (info) => <RelativeTime value={info.getValue()} side="past" fallback="Never" /> }),
    column.accessor('created_at', { header: 'Created At', cell: (info) => <DateTime value={info.getValue()} /> }),
  ];
}
