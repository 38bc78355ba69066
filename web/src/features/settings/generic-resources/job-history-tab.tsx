import { JOB_HISTORY_PAGE_SIZE } from '@pharos/core';
import { DataTable } from '../../../ui/data-table';
import { ErrorPanel } from '../../../ui/error-panel';
import { useTableUrlState } from '../../../ui/table-url-state';
import { useResourceJobHistory } from '../../../api/job-history';
import { JobDetailsDialog } from '../../../ui/job-history/job-details-dialog';
import { RESOURCE_JOB_HISTORY_COLUMNS } from '../../../ui/job-history/job-history-columns';
import { useJobDetailsParam } from '../jobs/use-job-details-param';

/** The Job History tab of a settings resource: its runs, newest first, 150 a page; a row opens its details. */
export function JobHistoryTab({ resourceId, resourceType }: { resourceId: string; resourceType: string }) {
  const url = useTableUrlState({ defaultPageSize: JOB_HISTORY_PAGE_SIZE });
  const history = useResourceJobHistory({ id: resourceId, type: resourceType }, url.pageIndex, url.pageSize);
  const details = useJobDetailsParam(history.data?.rows);
  if (history.isError && !history.data) {
    return <ErrorPanel error={history.error} title="Could not load the job history" hideDetails />;
  }
  return (
    <>
      <DataTable
        label="Job History"
        columns={RESOURCE_JOB_HISTORY_COLUMNS}
        data={history.data?.rows ?? []}
        totalRowCount={history.data?.total}
        getRowId={(row) => row.id}
        isLoading={history.isPending}
        isFetching={history.isFetching && !history.isPending}
        enableSorting={false}
        defaultPageSize={JOB_HISTORY_PAGE_SIZE}
        onRowClick={details.open}
      />
      <JobDetailsDialog job={details.selected} onClose={details.close} />
    </>
  );
}
