import { PLAYBOOK_PAGE_SIZES } from '@pharos/core';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../../ui/data-table';
import { ErrorPanel } from '../../../ui/error-panel';
import { useTableUrlState } from '../../../ui/table-url-state';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { readRunFilters } from './run-filters';
import { RUN_COLUMNS } from './runs-columns';
import { RunsFilterBar } from './runs-filter-bar';
import { usePlaybookRunsPage } from './runs-api';

export const RUNS_LOAD_ERROR_TITLE = 'Could not load the playbook runs';

/** `/playbooks/runs`: runs filtered by playbook, status and time range (last 7 days), 150 a page; a row opens its run. */
export function PlaybookRunsPage() {
  useDocumentTitle('Playbook runs | Pharos');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filters = readRunFilters(search);
  const url = useTableUrlState({ defaultPageSize: PLAYBOOK_PAGE_SIZES.runsList });
  const runs = usePlaybookRunsPage(filters, url.pageIndex, url.pageSize);

  return (
    <main className="flex min-h-0 flex-col gap-4">
      <h1 className="text-lg font-semibold text-fg">Playbook runs</h1>
      <RunsFilterBar filters={filters} />
      {runs.isError && <ErrorPanel error={runs.error} title={RUNS_LOAD_ERROR_TITLE} hideDetails />}
      {!(runs.isError && !runs.data) && (
        <DataTable
          label="Playbook runs"
          columns={RUN_COLUMNS}
          data={runs.data?.rows ?? []}
          totalRowCount={runs.data?.total}
          getRowId={(row) => row.id}
          isLoading={runs.isPending}
          isFetching={runs.isFetching && !runs.isPending}
          enableSorting={false}
          layout="fixed"
          defaultPageSize={PLAYBOOK_PAGE_SIZES.runsList}
          emptyMessage="No playbook runs match these filters"
          onRowClick={(row) => void navigate(`/playbooks/runs/${encodeURIComponent(row.id)}`)}
        />
      )}
    </main>
  );
}
