import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { TableSort, TableUrlParams } from '../table-url-state';

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
