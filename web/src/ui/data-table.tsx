import { DEFAULT_PAGE_INDEX, pageCount as countPages, VIRTUAL_TABLE } from '@pharos/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type Row,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cn } from './cn';
import { columnLabels, leafColumnIds } from './table-columns/column-ids';
import { setColumnWidth, tablePreferenceKeys } from './table-columns/column-layout';
import { ColumnsMenu } from './table-columns/columns-menu';
import { ResizeHandle } from './table-columns/resize-handle';
import { useColumnLayout } from './table-columns/use-column-layout';
import { ViewsMenu } from './table-columns/views-menu';
import { VirtualRows } from './virtual-rows';
import { Spinner } from './spinner';
import { TablePagination } from './table-pagination';
import { useTableUrlState, type TableSort, type TableUrlParams } from './table-url-state';

declare module '@tanstack/react-table' {
  // Type parameters must match the declaration being merged.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's cells (e.g. width, alignment). */
    className?: string;
    /** Classes of the column's header cell. */
    headerClassName?: string;
    /** The column's name in the Columns menu when its header is not plain text. Default: the header, else the id. */
    label?: string;
  }
}

export const TABLE_EMPTY_TEXT = 'No data available';
export const TABLE_LOADING_TEXT = 'loading data...';

/**
 * Column definitions of any value type. TanStack's column helpers give each column its own value
 * type, which a list typed with `unknown` values would not accept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<TData> = ColumnDef<TData, any>;

export interface DataTableProps<TData> {
  columns: readonly DataTableColumn<TData>[];
  /** The rows of the current page (paged mode) or everything loaded so far (virtual mode). */
  data: readonly TData[];
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: TData, index: number) => string;
  /** Total number of rows on the server; gives the page count, and in virtual mode whether more exist. */
  totalRowCount?: number;
  /** The first load: shows 'loading data...' while there are no rows yet. */
  isLoading?: boolean;
  /** A later load (next page, more rows): the table stays and is marked busy. */
  isFetching?: boolean;
  onRowClick?: (row: TData, event: MouseEvent | KeyboardEvent) => void;
  /** Sorting by header click; columns can opt out with `enableSorting: false`. Default true. */
  enableSorting?: boolean;
  /** Sort shown while the URL names none. */
  defaultSort?: TableSort;
  defaultPageSize?: number;
  /** Names of the URL parameters (defaults: sortBy, sortOrder, pageIndex, pageSize). */
  urlParams?: Partial<TableUrlParams>;
  pageSizeOptions?: readonly number[];
  /** Replaces 'No data available'. */
  emptyMessage?: ReactNode;
  /**
   * Virtual mode for long lists: one scrolling window of rows, no pager. When the last row comes
   * into view and more exist, the page size doubles (in the URL, or through `onLoadMore`).
   */
  virtual?: boolean;
  /** Virtual mode: called with the doubled page size instead of writing it into the URL. */
  onLoadMore?: (nextPageSize: number) => void;
  /** Virtual mode: whether more rows exist. Default: fewer rows than `totalRowCount`, or a full page. */
  hasMore?: boolean;
  /**
   * Paged mode: a page of more rows than this renders only the rows in view of a scrolling window
   * (as virtual mode does), the pager kept below; a large page then renders and re-renders as fast
   * as a small one. Default: every row of the page.
   */
  windowOver?: number;
  /** Virtual mode and windowed pages: height of the scrolling window (CSS length). Default 70vh. */
  height?: string;
  rowHeight?: number;
  overscan?: number;
  /**
   * 'fixed': the columns keep the widths their `meta.headerClassName` gives (the others share the
   * rest) and long cells are cut rather than widen the table past its pane. Default 'auto' (fixed
   * anyway for virtual and windowed rows).
   */
  layout?: 'auto' | 'fixed';
  className?: string;
  /** Narrower cell padding, for tables of many columns that must fit the pane. */
  dense?: boolean;
  /**
   * The 'Columns' and 'Views' menus and the resize handles: a person shows, hides, orders and sizes
   * the columns (remembered for them) and saves views. Default true.
   */
  columnControls?: boolean;
  /** The name the person's columns and views of this table are remembered under. Default: `label`. */
  preferenceName?: string;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

interface HeaderCellProps<TData> {
  header: Header<TData, unknown>;
  sortable: boolean;
  dense: boolean;
  fixed: boolean;
  /** Present when the person may resize the column. */
  resize?: { label: string; width: number | undefined; onResize: (width: number) => void };
}

function HeaderCell<TData>({ header, sortable, dense, fixed, resize }: HeaderCellProps<TData>) {
  const { column } = header;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const canSort = sortable && column.getCanSort() && !header.isPlaceholder;
  const sorted = column.getIsSorted();
  const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      aria-sort={canSort ? ariaSort(sorted) : undefined}
      style={resize?.width === undefined ? undefined : { width: resize.width, minWidth: resize.width }}
      className={cn(
        resize && 'relative',
        'h-9 border-b border-border text-left text-xs font-semibold tracking-wide text-fg-muted uppercase',
        dense ? 'px-2' : 'px-3',
        // In a fixed table a title wider than its column wraps inside it rather than spill over its neighbour.
        fixed && '[overflow-wrap:anywhere]',
        column.columnDef.meta?.headerClassName,
      )}
    >
      {canSort ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 uppercase hover:text-fg"
        >
          {content}
          <SortIcon className={cn('size-3.5', !sorted && 'opacity-40')} aria-hidden="true" />
        </button>
      ) : (
        content
      )}
      {resize && <ResizeHandle {...resize} />}
    </th>
  );
}

function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-8 text-center text-sm text-fg-muted">
        {children}
      </td>
    </tr>
  );
}

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

  const rowProps = (row: Row<TData>) => {
    if (!onRowClick) return {};
    return {
      tabIndex: 0,
      onClick: (event: MouseEvent) => onRowClick(row.original, event),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRowClick(row.original, event);
        }
      },
    };
  };

  const renderRow = (row: Row<TData>, rowIndex: number, style?: CSSProperties) => (
    <tr
      key={row.id}
      aria-rowindex={rowIndex + 2}
      data-index={rowIndex}
      style={style}
      className={cn(
        'border-b border-border last:border-b-0',
        onRowClick && 'cursor-pointer hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-offset-[-2px]',
      )}
      {...rowProps(row)}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          className={cn(
            'align-middle text-sm text-fg',
            dense ? 'px-2' : 'px-3',
            windowed ? 'truncate py-0 whitespace-nowrap' : 'py-2',
            // A fixed table keeps its width: a word longer than its column breaks, and nothing spills out.
            layout === 'fixed' && !windowed && 'overflow-hidden [overflow-wrap:anywhere]',
            cell.column.columnDef.meta?.className,
          )}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );

  const head = (
    <thead className={cn('bg-surface-muted', windowed && 'sticky top-0 z-10')}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => (
            <HeaderCell
              key={header.id}
              header={header}
              sortable={enableSorting}
              dense={dense}
              fixed={layout === 'fixed' || windowed}
              resize={
                columnControls && !header.isPlaceholder
                  ? {
                      label: labelOf(header.column.id),
                      width: columnState.layout.widths[header.column.id],
                      onResize: (width) => columnState.change(setColumnWidth(columnState.layout, header.column.id, width)),
                    }
                  : undefined
              }
            />
          ))}
        </tr>
      ))}
    </thead>
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
    <div className="flex items-center justify-end gap-2 border-b border-border px-2 py-1.5">
      <ViewsMenu tableLabel={label} preferenceKey={keys.views} layout={columnState.layout} />
      <ColumnsMenu
        tableLabel={label}
        layout={columnState.layout}
        labelOf={labelOf}
        alwaysShown={alwaysShown}
        onChange={columnState.change}
        onReset={columnState.reset}
      />
    </div>
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
