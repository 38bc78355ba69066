import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { RelativeTime } from '../../../ui/relative-time';
import { kindIcon, kindsOf } from './scraper-kinds';
import type { SettingsResource } from '../../../api/settings-resources';
import { JobStatusCell } from '../../../ui/job-history/job-status';
import { PersonCell } from '../../../ui/resource-settings/person-cell';

const column = createColumnHelper<SettingsResource>();

/**
 * The scraper list's columns (spec 3 §2.5): Name with the icon of its kind, Namespace, Source, Job
 * Status with '(View details)' when its last run left details, Last Run, Created By, Created At, Updated At.
 */
export function scraperColumns(onViewDetails: (row: SettingsResource) => void): DataTableColumn<SettingsResource>[] {
  return [
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: (info) => {
        const kinds = kindsOf(info.row.original.spec);
        const Icon = kindIcon(kinds[0]);
        return (
          <span className="inline-flex items-center gap-2 font-medium">
            <Icon className="size-4 shrink-0 text-fg-muted" aria-label={kinds[0] ?? 'custom'} role="img" />
            {info.getValue() ?? ''}
          </span>
        );
      },
    }),
    column.accessor('namespace', { id: 'namespace', header: 'Namespace' }),
    column.accessor('source', { id: 'source', header: 'Source' }),
    column.accessor('job_status', {
      id: 'job_status',
      header: 'Job Status',
      enableSorting: false,
      cell: (info) => <JobStatusCell status={info.getValue()} details={info.row.original['job_details']} onViewDetails={() => onViewDetails(info.row.original)} />,
    }),
    column.accessor('last_runtime', { id: 'last_runtime', header: 'Last Run', cell: (info) => <RelativeTime value={info.getValue()} /> }),
    column.accessor('created_by', { id: 'created_by', header: 'Created By', enableSorting: false, cell: (info) => <PersonCell person={info.getValue()} /> }),
    column.accessor('created_at', { id: 'created_at', header: 'Created At', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('updated_at', { id: 'updated_at', header: 'Updated At', cell: (info) => <DateTime value={info.getValue()} /> }),
  ];
}
