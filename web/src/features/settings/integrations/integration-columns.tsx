import { createColumnHelper } from '@tanstack/react-table';
import { AgentBadge } from '../../../ui/agent-badge';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { RelativeTime } from '../../../ui/relative-time';
import { JobStatusCell } from '../../../ui/job-history/job-status';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import type { IntegrationRow } from './api';
import { integrationType, isIntegrationType } from './integration-types';

const column = createColumnHelper<IntegrationRow>();

function NameCell({ row }: { row: IntegrationRow }) {
  const type = isIntegrationType(row.integration_type) ? integrationType(row.integration_type) : undefined;
  const Icon = type?.icon;
  return (
    <span className="inline-flex min-w-0 items-center gap-2 font-medium">
      {Icon && <Icon className="size-4 shrink-0 text-fg-muted" role="img" aria-label={type.label} />}
      <span className="truncate">{row.name}</span>
      <AgentBadge agentId={row.agent_id} name={row.agent?.name} />
    </span>
  );
}

/**
 * The integrations list (spec 3 §2.5): Name with the icon of its type and its agent, Namespace,
 * Source, Job Status with '(View details)' when its last run left details, Last Run, Created By,
 * Created At and Updated At.
 */
export function integrationColumns(onViewDetails: (row: IntegrationRow) => void): DataTableColumn<IntegrationRow>[] {
  return [
    column.accessor('name', { id: 'name', header: 'Name', enableSorting: false, cell: (info) => <NameCell row={info.row.original} /> }),
    column.accessor('namespace', { id: 'namespace', header: 'Namespace', enableSorting: false }),
    column.accessor('source', { id: 'source', header: 'Source', enableSorting: false }),
    column.accessor('job_status', {
      id: 'job_status',
      header: 'Job Status',
      enableSorting: false,
      cell: (info) => <JobStatusCell status={info.getValue()} details={info.row.original.job_details} onViewDetails={() => onViewDetails(info.row.original)} />,
    }),
    column.accessor('last_runtime', { id: 'last_runtime', header: 'Last Run', enableSorting: false, cell: (info) => <RelativeTime value={info.getValue()} /> }),
    column.accessor('created_by', { id: 'created_by', header: 'Created By', enableSorting: false, cell: (info) => <PersonCell person={info.getValue()} /> }),
    column.accessor('created_at', { id: 'created_at', header: 'Created At', enableSorting: false, cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('updated_at', { id: 'updated_at', header: 'Updated At', enableSorting: false, cell: (info) => <DateTime value={info.getValue()} /> }),
  ];
}
