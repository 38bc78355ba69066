import { refreshRateMs } from '@pharos/core';
import { useSearchParams } from 'react-router';
import { Checkbox } from '../../ui/checkbox';
import { DataTable } from '../../ui/data-table';
import { AutoRefreshPicker } from '../../ui/auto-refresh-picker';
import { SearchBox } from '../../ui/search-box';
import { useTableUrlState, type TableSort } from '../../ui/table-url-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useRefreshRate } from '../../ui/use-refresh-rate';
import { useChecksSummary } from './api';
import { CHECK_COLUMNS } from './check-columns';
import { CheckDrawer } from './check-drawer';
import { visibleChecks } from './check-filter';

const REFRESH_KEY = 'health.refreshRate';
const RANGE = '1h';
const RANGE_MINUTES = 60;
const DEFAULT_SORT: TableSort = { id: 'status', desc: false };
const URL_PARAMS = { sortBy: 'sortBy', sortOrder: 'sortDesc', sortOrderValues: { asc: 'false', desc: 'true' } };

/** `/health`: every check with its health, uptime, latency and last transition; a row opens its drawer. */
export function HealthPage() {
  useDocumentTitle('Health | Pharos');
  const [search, setSearch] = useSearchParams();
  const { rate } = useRefreshRate(REFRESH_KEY, RANGE_MINUTES);
  const summary = useChecksSummary(RANGE, refreshRateMs(rate));
  const table = useTableUrlState({ defaultSort: DEFAULT_SORT, params: URL_PARAMS });
  const hidePassing = search.get('hidePassing') !== 'false';
  const query = search.get('query') ?? '';
  const checks = summary.data ?? [];
  const shown = visibleChecks(checks, { hidePassing, query, sort: table.sort ?? DEFAULT_SORT });
  const page = shown.slice(table.pageIndex * table.pageSize, (table.pageIndex + 1) * table.pageSize);
  const passed = checks.filter((check) => check.status === 'healthy').length;
  const failed = checks.filter((check) => check.status === 'unhealthy').length;
  const selected = checks.find((check) => check.id === search.get('checkId'));

  const setParam = (name: string, value: string | null) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name !== 'checkId') next.delete('pageIndex');
      return next;
    });

  return (
    <div className="flex min-h-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold">Health</h1>
        <div className="flex items-center gap-4">
          <p aria-label="Health summary" className="flex items-center gap-3 text-sm">
            <span className="text-success">{passed} passing</span>
            <span className="text-danger">{failed} failing</span>
          </p>
          <AutoRefreshPicker storageKey={REFRESH_KEY} rangeMinutes={RANGE_MINUTES} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SearchBox label="Search checks" placeholder="Search by name, description, or endpoint" urlParam="query" resetParams={['pageIndex']} className="w-80" />
        <Checkbox label="Hide Passing" checked={hidePassing} onChange={(event) => setParam('hidePassing', event.target.checked ? null : 'false')} />
      </div>
      {summary.error ? (
        <p role="alert" className="text-sm text-danger">
          {summary.error.message}
        </p>
      ) : (
        <DataTable
          label="Checks"
          columns={CHECK_COLUMNS}
          data={page}
          totalRowCount={shown.length}
          getRowId={(row) => row.id}
          isLoading={summary.isPending}
          isFetching={summary.isFetching && !summary.isPending}
          defaultSort={DEFAULT_SORT}
          urlParams={URL_PARAMS}
          onRowClick={(row) => setParam('checkId', row.id)}
          emptyMessage={checks.length === 0 ? 'No health checks yet: add a canary on Settings › Health Checks.' : hidePassing && passed > 0 ? 'Every check is passing.' : 'No check matches.'}
        />
      )}
      <CheckDrawer check={selected} onClose={() => setParam('checkId', null)} />
    </div>
  );
}
