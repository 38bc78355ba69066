import { agentLink, formatDuration, jobResourceLink } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { JobHistoryRow } from '../../api/job-history';
import type { DataTableColumn } from '../data-table';
import { DateTime } from '../date-time';
import { linkClass } from '../link-styles';
import { JobStatusBadge } from './job-status';

const column = createColumnHelper<JobHistoryRow>();

/** A click on a link of a row follows the link and does not open the row's details. */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The resource a job ran for, linked to its page when its type has one (spec 3 section 2.4). */
export function JobResourceCell({ row }: { row: JobHistoryRow }) {
  const name = row.resource_name ?? row.resource_id;
  if (!name) return null;
  const to = row.resource_type && row.resource_id ? jobResourceLink(row.resource_type, row.resource_id) : undefined;
  if (!to) return <span>{name}</span>;
  return (
    <Link to={to} className={linkClass} onClick={stop} onKeyDown={stop}>
      {name}
    </Link>
  );
}

/** The agent a job ran on, linked to /settings/agents?id={agentId}. */
export function JobAgentCell({ row }: { row: JobHistoryRow }) {
  const agent = row.agent;
  if (!agent) return null;
  return (
    <Link to={agentLink(agent.id)} className={linkClass} onClick={stop} onKeyDown={stop}>
      {agent.name ?? agent.id}
    </Link>
  );
}

const durationCell = (value: number | null) => (value === null ? null : formatDuration(value));

/** Every column of the jobs screen, sortable ones by the field the server orders by. */
export const JOB_HISTORY_COLUMNS: DataTableColumn<JobHistoryRow>[] = [
  column.accessor('created_at', {
    header: 'Timestamp',
    cell: (info) => <DateTime value={info.row.original.time_start ?? info.getValue()} />,
  }),
  column.accessor('name', { header: 'Job Name', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.accessor('agent', { header: 'Agent', enableSorting: false, cell: (info) => <JobAgentCell row={info.row.original} /> }),
  column.accessor('resource_type', { header: 'Resource Type' }),
  column.accessor('resource_name', { header: 'Resource', cell: (info) => <JobResourceCell row={info.row.original} /> }),
  column.accessor('status', { header: 'Status', cell: (info) => <JobStatusBadge status={info.getValue()} /> }),
  column.accessor('duration_millis', { header: 'Duration', cell: (info) => durationCell(info.getValue()) }),
  column.accessor('success_count', { header: 'Success Count', meta: { className: 'tabular-nums' } }),
  column.accessor('error_count', { header: 'Error Count', meta: { className: 'tabular-nums' } }),
];

/** A resource's own tab leaves out the columns naming the resource. */
export const RESOURCE_JOB_HISTORY_COLUMNS = JOB_HISTORY_COLUMNS.filter(
  (c) => !('accessorKey' in c) || !['resource_type', 'resource_name'].includes(String(c.accessorKey)),
);
