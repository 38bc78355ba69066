import { JOB_HISTORY_DEFAULT_SORT, JOB_HISTORY_PAGE_SIZE } from '@pharos/core';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../ui/data-table';
import { ErrorPanel } from '../../../ui/error-panel';
import { useTableUrlState } from '../../../ui/table-url-state';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { useJobHistory } from './list-api';
import { readJobHistoryFilters } from './filters';
import { JobDetailsDialog } from '../../../ui/job-history/job-details-dialog';
import { JOB_HISTORY_COLUMNS } from '../../../ui/job-history/job-history-columns';
import { JobHistoryFilterBar } from './job-history-filters';
import { useJobDetailsParam } from './use-job-details-param';

export const JOBS_LOAD_ERROR_TITLE = 'Could not load the job history';

const DEFAULT_SORT = { id: JOB_HISTORY_DEFAULT_SORT.field, desc: true } as const;

/**
 * `/settings/jobs`: the runs of every job, filtered by name, resource type, status, run duration
 * and time range, 150 a page, newest first; a row opens its details (filters, page and details in the URL).
 */
export function JobsHistoryPage() {
  const [search] = useSearchParams();
  const filters = readJobHistoryFilters(search);
  const url = useTableUrlState({ defaultPageSize: JOB_HISTORY_PAGE_SIZE, defaultSort: DEFAULT_SORT });
  const history = useJobHistory(filters, { pageIndex: url.pageIndex, pageSize: url.pageSize, sort: url.sort ?? DEFAULT_SORT });
  const details = useJobDetailsParam(history.data?.rows);

  return (
    <SettingsPage>
      <SettingsPageHeader title="Jobs History" />
      <JobHistoryFilterBar filters={filters} seenResourceTypes={history.data?.rows.map((row) => row.resource_type)} />
      {history.isError && !history.data ? (
        <ErrorPanel error={history.error} title={JOBS_LOAD_ERROR_TITLE} hideDetails />
      ) : (
        <>
          {history.isError && <ErrorPanel error={history.error} title={JOBS_LOAD_ERROR_TITLE} hideDetails />}
          <DataTable
            label="Jobs History"
            columns={JOB_HISTORY_COLUMNS}
            data={history.data?.rows ?? []}
            totalRowCount={history.data?.total}
            getRowId={(row) => row.id}
            isLoading={history.isPending}
            isFetching={history.isFetching && !history.isPending}
            defaultSort={DEFAULT_SORT}
            defaultPageSize={JOB_HISTORY_PAGE_SIZE}
            onRowClick={details.open}
            dense
          />
        </>
      )}
      <JobDetailsDialog job={details.selected} onClose={details.close} />
    </SettingsPage>
  );
}
