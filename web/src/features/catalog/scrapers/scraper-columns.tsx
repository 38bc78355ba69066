import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { RelativeTime } from '../../../ui/relative-time';
import { kindIcon, kindsOf } from './scraper-kinds';
import type { SettingsResource } from '../../../api/settings-resources';
import { JobStatusCell } from '../../../ui/job-history/job-status';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import { CellText } from '../../../ui/cell-text';
import { columnWidth as width, RESOURCE_COLUMN_WIDTHS } from '../../../ui/resource-settings/column-widths';

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
          <span className="flex min-w-0 items-center gap-2 font-medium">
            <Icon className="size-4 shrink-0 text-fg-muted" aria-label={kinds[0] ?? 'custom'} role="img" />
            <CellText text={info.getValue()} />
          </span>
        );
      },
    }),
    column.accessor('namespace', { id: 'namespace', header: 'Namespace', ...width(RESOURCE_COLUMN_WIDTHS.namespace), cell: (info) => <CellText text={info.getValue()} /> }),
    column.accessor('source', { id: 'source', header: 'Source', ...width(RESOURCE_COLUMN_WIDTHS.source), cell: (info) => <CellText text={info.getValue()} /> }),
    column.accessor('job_status', {
      id: 'job_status',
      header: 'Job Status',
      enableSorting: false,
      // Wide enough for the badge and '(View details)' side by side.
      ...width('w-[11rem]'),
      cell: (info) => <JobStatusCell status={info.getValue()} details={info.row.original['job_details']} onViewDetails={() => onViewDetails(info.row.original)} />,
    }),
    column.accessor('last_runtime', { id: 'last_runtime', header: 'Last Run', ...width(RESOURCE_COLUMN_WIDTHS.lastRun), cell: (info) => <RelativeTime value={info.getValue()} /> }),
    column.accessor('created_by', { id: 'created_by', header: 'Created By', enableSorting: false, ...width(RESOURCE_COLUMN_WIDTHS.createdBy), cell: (info) => <PersonCell person={info.getValue()} /> }),
    column.accessor('created_at', { id: 'created_at', header: 'Created At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('updated_at', { id: 'updated_at', header: 'Updated At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
  ];
}
