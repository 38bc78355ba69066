import { formatDuration } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { columnWidth as width } from '../../../ui/resource-settings/column-widths';
import { RunResourceLink, runDurationMs } from './run-resource';
import { RunStatusBadge } from './run-status';
import type { PlaybookRunRow } from './runs-api';

const column = createColumnHelper<PlaybookRunRow>();

function Duration({ run }: { run: PlaybookRunRow }) {
  const ms = runDurationMs(run);
  return ms === null ? null : <span className="tabular-nums">{formatDuration(ms)}</span>;
}

/**
 * The columns of /playbooks/runs: playbook, resource, status, started, duration and who asked for it;
 * widths for the fixed layout, the playbook's title taking the rest.
 */
export const RUN_COLUMNS: DataTableColumn<PlaybookRunRow>[] = [
  column.accessor((run) => run.playbook?.title ?? run.playbook_id, { id: 'playbook', header: 'Playbook', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.display({ id: 'resource', header: 'Resource', ...width('w-[22%]'), cell: (info) => <RunResourceLink run={info.row.original} /> }),
  column.accessor('status', { header: 'Status', ...width('w-[9rem]'), cell: (info) => <RunStatusBadge status={info.getValue()} /> }),
  column.accessor('start_time', { header: 'Started', ...width('w-[7.5rem]'), cell: (info) => <DateTime value={info.getValue()} /> }),
  column.display({ id: 'duration', header: 'Duration', ...width('w-[6rem]'), cell: (info) => <Duration run={info.row.original} /> }),
  column.accessor((run) => run.person?.name ?? '', { id: 'person', header: 'Person', ...width('w-[12%]') }),
];
