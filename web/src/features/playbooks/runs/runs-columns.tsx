import { formatDuration } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { RunResourceLink, runDurationMs } from './run-resource';
import { RunStatusBadge } from './run-status';
import type { PlaybookRunRow } from './runs-api';

const column = createColumnHelper<PlaybookRunRow>();

function Duration({ run }: { run: PlaybookRunRow }) {
  const ms = runDurationMs(run);
  return ms === null ? null : <span className="tabular-nums">{formatDuration(ms)}</span>;
}

/** The columns of /playbooks/runs: playbook, resource, status, started, duration and who asked for it. */
export const RUN_COLUMNS: DataTableColumn<PlaybookRunRow>[] = [
  column.accessor((run) => run.playbook?.title ?? run.playbook_id, { id: 'playbook', header: 'Playbook', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.display({ id: 'resource', header: 'Resource', cell: (info) => <RunResourceLink run={info.row.original} /> }),
  column.accessor('status', { header: 'Status', cell: (info) => <RunStatusBadge status={info.getValue()} /> }),
  column.accessor('start_time', { header: 'Started', cell: (info) => <DateTime value={info.getValue()} /> }),
  column.display({ id: 'duration', header: 'Duration', cell: (info) => <Duration run={info.row.original} /> }),
  column.accessor((run) => run.person?.name ?? '', { id: 'person', header: 'Person' }),
];
