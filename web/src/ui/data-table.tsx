import { DEFAULT_PAGE_INDEX, pageCount as countPages, VIRTUAL_TABLE } from '@pharos/core';
import { getCoreRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { type ReactNode } from 'react';
import { cn } from './cn';
import { bodyRowRenderer } from './data-table/body-row';
import { ColumnToolbar } from './data-table/column-toolbar';
import { MessageRow } from './data-table/message-row';
import type { DataTableColumn, DataTableProps } from './data-table/props';
import { TableHead } from './data-table/table-head';
import { TABLE_EMPTY_TEXT, TABLE_LOADING_TEXT } from './data-table/texts';
import { columnLabels, leafColumnIds } from './table-columns/column-ids';
import { tablePreferenceKeys } from './table-columns/column-layout';
import { useColumnLayout } from './table-columns/use-column-layout';
import { VirtualRows } from './virtual-rows';
import { Spinner } from './spinner';
import { TablePagination } from './table-pagination';
import { useTableUrlState } from './table-url-state';

export type { DataTableColumn, DataTableProps } from './data-table/props';
export { TABLE_EMPTY_TEXT, TABLE_LOADING_TEXT } from './data-table/texts';

/**
 * The table of the console: TanStack Table over server-side data. Paging and sorting live in the
 * URL (read them in the screen's query with `useTableUrlState` and the same `urlParams`).
 */
export function DataTable<TData>({
  columns,
  data,
  label,
  getRowId,
  totalRowCount,
  isLoading = false,
  isFetching = false,
  onRowClick,
  enableSorting = true,
  defaultSort,
  defaultPageSize,
  urlParams,
  pageSizeOptions,
  emptyMessage = TABLE_EMPTY_TEXT,
  virtual = false,
  onLoadMore,
  hasMore,
  windowOver,
  height = '70vh',
  rowHeight = VIRTUAL_TABLE.rowHeight,
  overscan = VIRTUAL_TABLE.overscan,
  layout = 'auto',
  className,
  dense = false,
  columnControls = true,
  preferenceName,
}: DataTableProps<TData>) {
  const defs = columns as DataTableColumn<TData>[];
  const keys = tablePreferenceKeys(preferenceName ?? label);
  const ids = leafColumnIds(defs);
  const labels = columnLabels(defs);
  const columnState = useColumnLayout(keys.columns, ids);
  const columnLayout = columnState.layout;
  const labelOf = (id: string) => labels.get(id) ?? id;
  const alwaysShown = new Set(defs.filter((def) => def.enableHiding === false).flatMap((def) => leafColumnIds([def])));
  const url = useTableUrlState({ params: urlParams, defaultPageSize, defaultSort });
  const pageIndex = virtual ? DEFAULT_PAGE_INDEX : url.pageIndex;
  const pageCount = totalRowCount === undefined ? null : countPages(totalRowCount, url.pageSize);
  const sorting: SortingState = url.sort ? [url.sort] : [];

  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    url.setSort(first ? { id: first.id, desc: first.desc } : null);
  };

  // TanStack Table's API is not memoizable by the React Compiler; this component is not compiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<TData>({
    data: data as TData[],
    columns: columns as DataTableColumn<TData>[],
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSorting,
    enableMultiSort: false,
    enableSortingRemoval: !defaultSort,
    sortDescFirst: false,
    pageCount: pageCount ?? -1,
    state: {
      sorting,
      pagination: { pageIndex, pageSize: url.pageSize },
      columnOrder: columnControls ? columnLayout.order : [],
      columnVisibility: columnControls ? Object.fromEntries(columnLayout.hidden.map((id) => [id, false])) : {},
    },
    onSortingChange,
  });

  const rows = table.getRowModel().rows;
  const windowed = virtual || (windowOver !== undefined && rows.length > windowOver);
  const columnCount = table.getVisibleLeafColumns().length;

  const renderRow = bodyRowRenderer<TData>({ onRowClick, dense, windowed, layout });

  const head = (
    <TableHead
      headerGroups={table.getHeaderGroups()}
      sortable={enableSorting}
      dense={dense}
      fixed={layout === 'fixed' || windowed}
      sticky={windowed}
      columnResize={columnControls ? { columnState, labelOf } : undefined}
    />
  );

  const message =
    rows.length > 0 ? null : isLoading ? (
      <span className="inline-flex items-center gap-2">
        <Spinner />
        {TABLE_LOADING_TEXT}
      </span>
    ) : (
      emptyMessage
    );
  const toolbar = columnControls ? (
    <ColumnToolbar tableLabel={label} viewsPreferenceKey={keys.views} columnState={columnState} labelOf={labelOf} alwaysShown={alwaysShown} />
  ) : null;

  const tableClass = 'w-full border-collapse text-sm';
  const busy = isLoading || isFetching;

  if (virtual) {
    const more = hasMore ?? (totalRowCount !== undefined ? data.length < totalRowCount : data.length >= url.pageSize);
    return (
      <div className={cn('rounded-lg border border-border bg-surface', className)}>
        {toolbar}
        <VirtualRows
          rows={rows}
          height={height}
          rowHeight={rowHeight}
          overscan={overscan}
          columnCount={columnCount}
          canLoadMore={more && !busy}
          onEndReached={() => {
            const next = url.pageSize * VIRTUAL_TABLE.growthFactor;
            if (onLoadMore) onLoadMore(next);
            else url.setPageSize(next);
          }}
          renderRow={renderRow}
          renderTable={(body) => (
            <table
              aria-label={label}
              aria-rowcount={(totalRowCount ?? rows.length) + 1}
              aria-busy={busy || undefined}
              className={cn(tableClass, 'table-fixed')}
            >
              {head}
              <tbody>{message ? <MessageRow colSpan={columnCount}>{message}</MessageRow> : body}</tbody>
            </table>
          )}
        />
        {rows.length > 0 && isFetching && (
          <div className="flex items-center gap-2 border-t border-border px-3 py-1.5 text-[0.8125rem] text-fg-muted">
            <Spinner /> {TABLE_LOADING_TEXT}
          </div>
        )}
      </div>
    );
  }

  const firstIndex = pageIndex * url.pageSize;
  const pageTable = (body: ReactNode) => (
    <table
      aria-label={label}
      aria-rowcount={totalRowCount === undefined ? undefined : totalRowCount + 1}
      aria-busy={busy || undefined}
      className={cn(tableClass, (windowed || layout === 'fixed') && 'table-fixed')}
    >
      {head}
      <tbody className={cn(isFetching && rows.length > 0 && 'opacity-60')}>{message ? <MessageRow colSpan={columnCount}>{message}</MessageRow> : body}</tbody>
    </table>
  );

  return (
    <div className={cn('rounded-lg border border-border bg-surface', className)}>
      {toolbar}
      {windowed ? (
        <VirtualRows
          // Another page starts at its top.
          key={pageIndex}
          rows={rows}
          height={height}
          rowHeight={rowHeight}
          overscan={overscan}
          columnCount={columnCount}
          canLoadMore={false}
          onEndReached={noMore}
          renderRow={(row, index, style) => renderRow(row, firstIndex + index, style)}
          renderTable={pageTable}
        />
      ) : (
        <div className="overflow-x-auto">{pageTable(rows.map((row, index) => renderRow(row, firstIndex + index)))}</div>
      )}
      <TablePagination
        className="border-t border-border px-3"
        pageIndex={pageIndex}
        pageSize={url.pageSize}
        pageCount={pageCount}
        hasNextPage={data.length >= url.pageSize}
        totalRowCount={totalRowCount}
        onPageIndexChange={url.setPageIndex}
        onPageSizeChange={url.setPageSize}
        pageSizeOptions={pageSizeOptions}
      />
    </div>
  );
}

const noMore = () => undefined;
