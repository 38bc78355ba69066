import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { db } from '../../api/postgrest';

/** One line of a log search (spec 2 §3). */
export interface LogLine {
  timestamp: string;
  message: string;
  labels?: Record<string, string> | null;
}

/** A log selector of a component: which of its log sources to search. */
export interface LogSelector {
  name?: string;
  type?: string;
  labels?: Record<string, string>;
}

/** A row of `components_with_logs`. */
export interface ComponentWithLogs {
  id: string;
  name: string;
  type?: string | null;
  icon?: string | null;
  logs: LogSelector[];
}

/** The body of `POST /api/logs`. */
export interface LogsSearch {
  /** The component whose log backend is searched. */
  id: string;
  /** The component's log selector, by name. */
  name?: string;
  query?: string;
  start: string;
  end: string;
  /** The previous answer's `nextPage`, for the lines after it. */
  page?: string;
}

/** One answer of `POST /api/logs`: a page of lines, newest first, and where the next page starts. */
export interface LogsPage {
  results: LogLine[];
  nextPage?: string;
}

/** A page of the search with the bounds it was made with, so that the next page keeps them. */
interface SearchedPage extends LogsPage {
  start: string;
  end: string;
}

export const logsKeys = {
  all: ['logs'] as const,
  components: () => [...logsKeys.all, 'components'] as const,
  componentName: (id: string) => [...logsKeys.all, 'component-name', id] as const,
  search: (search: Omit<LogsSearch, 'start' | 'end'> & { range: string }) => [...logsKeys.all, 'search', search] as const,
};

/** `GET /components_with_logs`: the components a log search can be made for. */
export function useComponentsWithLogs() {
  return useQuery({
    queryKey: logsKeys.components(),
    queryFn: async ({ signal }): Promise<ComponentWithLogs[]> => {
      const { data } = await db.from('components_with_logs').select('id,name,type,icon,logs').order('name').abortSignal(signal).throwOnError();
      return (data ?? []) as ComponentWithLogs[];
    },
  });
}

/** `GET /component_names?id=eq.{id}`: the name of a component, for the title. */
export function useComponentName(id: string | null) {
  return useQuery({
    queryKey: logsKeys.componentName(id ?? ''),
    queryFn: async ({ signal }): Promise<string | null> => {
      const { data } = await db.from('component_names').select('id,name').eq('id', id ?? '').abortSignal(signal).throwOnError();
      const rows = (data ?? []) as { id: string; name: string | null }[];
      return rows[0]?.name ?? null;
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });
}

/** `POST /api/logs`: a page of the lines of the component's log backend, newest first. */
export async function searchLogs(search: LogsSearch, signal?: AbortSignal): Promise<LogsPage> {
  const answer = await http.post<{ results?: LogLine[] | null; nextPage?: string | null }>('/api/logs', search, { signal });
  return { results: answer?.results ?? [], ...(answer?.nextPage ? { nextPage: answer.nextPage } : {}) };
}

/**
 * The log search of the page, a page at a time. `bounds` resolves the time range when the first
 * page is asked for (a relative range means "up to now" at every refetch); later pages keep them.
 */
export function useLogsSearch(params: {
  id: string | null;
  name: string | undefined;
  query: string;
  range: string;
  bounds: () => { from: string; to: string } | null;
  /** False while the log selector is not known yet (the component list is loading). */
  ready: boolean;
}) {
  const { id, name, query, range, bounds, ready } = params;
  return useInfiniteQuery({
    queryKey: logsKeys.search({ id: id ?? '', ...(name ? { name } : {}), query, range }),
    queryFn: async ({ pageParam, signal }): Promise<SearchedPage> => {
      let resolved = pageParam;
      if (!resolved) {
        const range = bounds();
        resolved = { start: range?.from ?? '', end: range?.to ?? '' };
      }
      const search: LogsSearch = {
        id: id ?? '',
        ...(name ? { name } : {}),
        ...(query ? { query } : {}),
        start: resolved.start,
        end: resolved.end,
        ...(pageParam?.page ? { page: pageParam.page } : {}),
      };
      return { ...(await searchLogs(search, signal)), start: resolved.start, end: resolved.end };
    },
    initialPageParam: undefined as { page?: string; start: string; end: string } | undefined,
    getNextPageParam: (last) => (last.nextPage ? { page: last.nextPage, start: last.start, end: last.end } : undefined),
    enabled: id !== null && ready,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
