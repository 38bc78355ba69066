import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** `POST /api/logs`: the lines of the component's log backend, newest first. */
export async function searchLogs(search: LogsSearch, signal?: AbortSignal): Promise<LogLine[]> {
  const answer = await http.post<{ results?: LogLine[] | null }>('/api/logs', search, { signal });
  return answer?.results ?? [];
}

/**
 * The log search of the page. `bounds` resolves the time range when the query runs, so a relative
 * range means "up to now" at every refetch.
 */
export function useLogsSearch(params: { id: string | null; name: string | undefined; query: string; range: string; bounds: () => { from: string; to: string } | null }) {
  const { id, name, query, range, bounds } = params;
  return useQuery({
    queryKey: logsKeys.search({ id: id ?? '', ...(name ? { name } : {}), query, range }),
    queryFn: ({ signal }) => {
      const resolved = bounds();
      const search: LogsSearch = { id: id ?? '', ...(name ? { name } : {}), ...(query ? { query } : {}), start: resolved?.from ?? '', end: resolved?.to ?? '' };
      return searchLogs(search, signal);
    },
    enabled: id !== null,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
