import { createColumnHelper } from '@tanstack/react-table';
import { CellText } from '../../../ui/cell-text';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateTime } from '../../../ui/date-time';
import { RelativeTime } from '../../../ui/relative-time';
import { JobStatusBadge } from '../../../ui/job-history/job-status';
import { PersonCell } from '../../../ui/resource-settings/person-cell';
import { columnWidth as width, RESOURCE_COLUMN_WIDTHS } from '../../../ui/resource-settings/column-widths';
import type { SettingsTableConfig } from '../../../ui/resource-settings/tables';
import type { SettingsResource } from '../../../api/settings-resources';

const column = createColumnHelper<SettingsResource>();

/** The list columns of a table: name, namespace and schedule where it has them, source, job status, runs and authorship. */
export function resourceColumns(config: SettingsTableConfig): DataTableColumn<SettingsResource>[] {
  const columns: DataTableColumn<SettingsResource>[] = [
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: (info) => <CellText className="font-medium" text={info.getValue() ?? (info.row.original['title'] as string | null) ?? ''} />,
    }),
  ];
  if (config.columns.namespace) {
    columns.push(column.accessor('namespace', { id: 'namespace', header: 'Namespace', ...width(RESOURCE_COLUMN_WIDTHS.namespace), cell: (info) => <CellText text={info.getValue()} /> }));
  }
  if (config.columns.schedule) {
    columns.push(column.accessor('schedule', { id: 'schedule', header: 'Schedule', enableSorting: false, ...width(RESOURCE_COLUMN_WIDTHS.schedule) }));
  }
  columns.push(column.accessor('source', { id: 'source', header: 'Source', ...width(RESOURCE_COLUMN_WIDTHS.source), cell: (info) => <CellText text={info.getValue()} /> }));
  if (config.columns.jobStatus) {
    columns.push(
      column.accessor('job_status', {
        id: 'job_status',
        header: 'Job Status',
        ...width(RESOURCE_COLUMN_WIDTHS.jobStatus),
        cell: (info) => <JobStatusBadge status={info.getValue()} />,
      }),
      column.accessor('last_runtime', {
        id: 'last_runtime',
        header: 'Last Run',
        ...width(RESOURCE_COLUMN_WIDTHS.lastRun),
        cell: (info) => <RelativeTime value={info.getValue()} />,
      }),
    );
  }
  columns.push(
    column.accessor('created_by', {
      id: 'created_by',
      header: 'Created By',
      enableSorting: false,
      ...width(RESOURCE_COLUMN_WIDTHS.createdBy),
      cell: (info) => <PersonCell person={info.getValue()} />,
    }),
    column.accessor('created_at', { id: 'created_at', header: 'Created At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('updated_at', { id: 'updated_at', header: 'Updated At', ...width(RESOURCE_COLUMN_WIDTHS.date), cell: (info) => <DateTime value={info.getValue()} /> }),
  );
  return columns;
}
