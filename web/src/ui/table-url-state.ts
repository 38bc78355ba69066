import { DEFAULT_PAGE_INDEX, PAGE_SIZE_OPTIONS } from '@pharos/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Names of the query parameters a table keeps its paging and sorting in. */
export interface TableUrlParams {
  sortBy: string;
  sortOrder: string;
  pageIndex: string;
  pageSize: string;
  /** How ascending and descending are written in the sort-order parameter. */
  sortOrderValues: { asc: string; desc: string };
}

export const DEFAULT_TABLE_URL_PARAMS: TableUrlParams = {
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  pageIndex: 'pageIndex',
  pageSize: 'pageSize',
  sortOrderValues: { asc: 'asc', desc: 'desc' },
};

export const DEFAULT_TABLE_PAGE_SIZE = 50;

export interface TableSort {
  /** Column id (the field the server orders by). */
  id: string;
  desc: boolean;
}

export interface TableUrlStateOptions {
  /** Parameter names; unspecified ones keep their defaults (e.g. `{ sortOrder: 'sortDesc' }`). */
  params?: Partial<TableUrlParams>;
  defaultPageSize?: number;
  /** Sort used while the URL names none. */
  defaultSort?: TableSort;
}

export interface TableUrlState {
  /** Zero-based page index. */
  pageIndex: number;
  pageSize: number;
  sort: TableSort | null;
  setPageIndex: (pageIndex: number) => void;
  /** Changes the page size and returns to the first page. */
  setPageSize: (pageSize: number) => void;
  /** Changes the sort (null clears it) and returns to the first page. */
  setSort: (sort: TableSort | null) => void;
}

function parseNonNegativeInt(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export function resolveTableUrlParams(params?: Partial<TableUrlParams>): TableUrlParams {
  return { ...DEFAULT_TABLE_URL_PARAMS, ...params };
}

/** Reads the paging and sorting of a table from search parameters. */
export function readTableUrlState(
  search: URLSearchParams,
  params: TableUrlParams,
  defaultPageSize: number,
  defaultSort: TableSort | null,
): Pick<TableUrlState, 'pageIndex' | 'pageSize' | 'sort'> {
  const pageIndex = parseNonNegativeInt(search.get(params.pageIndex)) ?? DEFAULT_PAGE_INDEX;
  const size = parseNonNegativeInt(search.get(params.pageSize));
  const pageSize = size !== null && size > 0 ? size : defaultPageSize;
  const sortBy = search.get(params.sortBy);
  let sort: TableSort | null = defaultSort;
  if (sortBy) {
    sort = { id: sortBy, desc: search.get(params.sortOrder) === params.sortOrderValues.desc };
  }
  return { pageIndex, pageSize, sort };
}

/**
 * Paging and sorting of a server-side table, kept in the URL. The screen's query hook and the
 * `<DataTable>` read the same parameters, so a bookmarked URL reopens the same page.
 */
export function useTableUrlState(options: TableUrlStateOptions = {}): TableUrlState {
  const [search, setSearch] = useSearchParams();
  const { defaultPageSize = DEFAULT_TABLE_PAGE_SIZE, defaultSort = null } = options;
  const params = useMemo(() => resolveTableUrlParams(options.params), [options.params]);
  const state = readTableUrlState(search, params, defaultPageSize, defaultSort);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      }),
    [setSearch],
  );

  const setPageIndex = useCallback(
    (pageIndex: number) =>
      update((next) => {
        if (pageIndex <= DEFAULT_PAGE_INDEX) next.delete(params.pageIndex);
        else next.set(params.pageIndex, String(Math.floor(pageIndex)));
      }),
    [update, params],
  );

  const setPageSize = useCallback(
    (pageSize: number) =>
      update((next) => {
        next.set(params.pageSize, String(pageSize));
        next.delete(params.pageIndex);
      }),
    [update, params],
  );

  const setSort = useCallback(
    (sort: TableSort | null) =>
      update((next) => {
        if (sort) {
          next.set(params.sortBy, sort.id);
          next.set(params.sortOrder, sort.desc ? params.sortOrderValues.desc : params.sortOrderValues.asc);
        } else {
          next.delete(params.sortBy);
          next.delete(params.sortOrder);
        }
        next.delete(params.pageIndex);
      }),
    [update, params],
  );

  return { ...state, setPageIndex, setPageSize, setSort };
}

/** Page sizes offered by a table: the spec's list, plus the current size when it is not in it. */
export function pageSizeChoices(current: number): number[] {
  const choices: number[] = [...PAGE_SIZE_OPTIONS];
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}
