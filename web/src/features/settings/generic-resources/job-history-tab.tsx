import { formatDuration, JOB_HISTORY_PAGE_SIZE } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { RelativeTime } from '../../../ui/relative-time';
import { useTableUrlState } from '../../../ui/table-url-state';
import { JobStatusBadge } from '../shared/job-status';
import { useResourceJobHistory, type JobHistoryRow } from './api';

const column = createColumnHelper<JobHistoryRow>();

const COLUMNS: DataTableColumn<JobHistoryRow>[] = [
  column.accessor('name', { header: 'Name', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.accessor('status', { header: 'Status', cell: (info) => <JobStatusBadge status={info.getValue()} /> }),
  column.accessor('duration_millis', {
    header: 'Duration',
    cell: (info) => {
      const value = info.getValue();
      return value === null ? null : formatDuration(value);
    },
  }),
  column.accessor('success_count', { header: 'Success Count', meta: { className: 'tabular-nums' } }),
  column.accessor('error_count', { header: 'Error Count', meta: { className: 'tabular-nums' } }),
  column.accessor((row) => row.time_start ?? row.created_at, {
    id: 'time_start',
    header: 'Time',
    cell: (info) => <RelativeTime value={info.getValue()} />,
  }),
];

/** The Job History tab of a settings resource: its runs, newest first, 150 a page. */
export function JobHistoryTab({ resourceId }: { resourceId: string }) {
  const url = useTableUrlState({ defaultPageSize: JOB_HISTORY_PAGE_SIZE });
  const history = useResourceJobHistory(resourceId, url.pageIndex, url.pageSize);
  return (
    <DataTable
      label="Job History"
      columns={COLUMNS}
      data={history.data?.rows ?? []}
      totalRowCount={history.data?.total}
      getRowId={(row) => row.id}
      isLoading={history.isPending}
      isFetching={history.isFetching && !history.isPending}
      enableSorting={false}
      defaultPageSize={JOB_HISTORY_PAGE_SIZE}
    />
  );
}
