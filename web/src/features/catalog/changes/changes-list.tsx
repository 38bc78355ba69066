import { CHANGES_DEFAULTS, DEFAULT_TIME_RANGE } from '@pharos/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CellText } from '../../../ui/cell-text';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { columnWidth as width } from '../../../ui/resource-settings/column-widths';
import { DateTime } from '../../../ui/date-time';
import { ErrorPanel } from '../../../ui/error-panel';
import { useTimeRangeParam } from '../../../ui/time-range-url';
import { ChangeDrawer } from './change-drawer';
import { useCatalogChanges, type ChangeListItem } from './changes-api';
import { ChangesFilters } from './changes-filters';
import { CHANGES_FILTER_PARAMS, CHANGES_PARAMS, changesRequestOf, PAGE_INDEX_PARAM, pageCountOf } from './changes-params';
import { SeverityBadge } from './severity-badge';

const column = createColumnHelper<ChangeListItem>();

const created = column.accessor('created_at', { header: 'Created', ...width('w-[6.5rem]'), cell: (c) => <DateTime value={c.getValue<string>()} /> });
const config = column.accessor('name', {
  header: 'Config',
  ...width('w-[14%]'),
  cell: (c) => <CellText className={c.row.original.config.deleted_at ? 'text-fg-muted line-through' : undefined} text={c.getValue<string | null>() ?? c.row.original.config_id} />,
});
const type = column.accessor('type', { header: 'Type', enableSorting: false, ...width('w-[11%]'), cell: (c) => <CellText text={c.getValue<string | null>()} /> });
const change = column.accessor('change_type', { header: 'Change', ...width('w-[15%]'), cell: (c) => <CellText text={c.getValue<string>()} /> });
// A long summary shows its first lines; the row's drawer and the title have all of it.
const summary = column.accessor('summary', { header: 'Summary', cell: (c) => <span className="line-clamp-3" title={c.getValue<string | null>() ?? undefined}>{c.getValue<string | null>()}</span> });
const severity = column.accessor('severity', { header: 'Severity', ...width('w-[7rem]'), cell: (c) => <SeverityBadge severity={c.getValue<string | null>()} /> });
const source = column.accessor('source', { header: 'Source', ...width('w-[12%]'), cell: (c) => <CellText text={c.getValue<string | null>()} /> });
const count = column.accessor('count', { header: 'Count', ...width('w-[5.5rem]') });

/** Columns of fixed widths, Summary taking the rest. */
const COLUMNS: DataTableColumn<ChangeListItem>[] = [created, config, type, change, summary, severity, source, count];
/** A config's pane beside its details is narrower: type and source are left to the change's drawer. */
const CONFIG_COLUMNS: DataTableColumn<ChangeListItem>[] = [created, config, change, summary, severity, count];

const URL_PARAMS = { pageIndex: PAGE_INDEX_PARAM, pageSize: CHANGES_PARAMS.pageSize, sortBy: CHANGES_PARAMS.sortBy, sortOrder: CHANGES_PARAMS.sortDirection };
const DEFAULT_SORT = { id: CHANGES_DEFAULTS.sortBy, desc: true };

/** The changes list with its filters and the drawer of one change; with `configId`, that config's (and its related configs') changes. */
export function ChangesList({ configId }: { configId?: string }) {
  const [search, setSearch] = useSearchParams();
  const [range, setRange] = useTimeRangeParam(DEFAULT_TIME_RANGE, CHANGES_FILTER_PARAMS.slice(0, 2));
  const [open, setOpen] = useState<ChangeListItem | null>(null);

  // A link may give the page from 1 (`page`); the table keeps a zero-based index.
  const linkedPage = search.get(CHANGES_PARAMS.page);
  useEffect(() => {
    if (linkedPage === null) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(CHANGES_PARAMS.page);
        const page = Number(linkedPage);
        if (Number.isInteger(page) && page > 1) next.set(PAGE_INDEX_PARAM, String(page - 1));
        return next;
      },
      { replace: true },
    );
  }, [linkedPage, setSearch]);

  const request = useMemo(() => changesRequestOf(search, configId), [search, configId]);
  const changes = useCatalogChanges(request, range);

  const setParam = (name: string, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete(CHANGES_PARAMS.page);
      next.delete(PAGE_INDEX_PARAM);
      return next;
    });

  const total = changes.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <ChangesFilters search={search} setParam={setParam} range={range} setRange={setRange} perConfig={configId !== undefined} />
      {changes.error ? (
        <ErrorPanel error={changes.error} />
      ) : (
        <>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {changes.data ? `${total} changes, ${pageCountOf(total, request.page_size)} pages` : ''}
          </p>
          <DataTable
            label="Changes"
            columns={configId === undefined ? COLUMNS : CONFIG_COLUMNS}
            data={changes.data?.changes ?? []}
            getRowId={(row) => row.id}
            totalRowCount={changes.data?.total}
            isLoading={changes.isLoading}
            isFetching={changes.isFetching}
            onRowClick={(row) => setOpen(row)}
            urlParams={URL_PARAMS}
            defaultPageSize={CHANGES_DEFAULTS.pageSize}
            defaultSort={DEFAULT_SORT}
            windowOver={100}
            layout="fixed"
            dense
          />
        </>
      )}
      <ChangeDrawer change={open} onClose={() => setOpen(null)} />
    </div>
  );
}
