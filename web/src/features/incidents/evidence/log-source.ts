import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import type { EvidenceLogLine } from '../types';

/** Where log evidence comes from: a component with logs (its id) or a log backend (its name). */
export type LogSource = { kind: 'component'; id: string; name: string } | { kind: 'backend'; name: string };

export interface LogSourceOptions {
  components: { id: string; name: string }[];
  backends: { name: string }[];
}

/** `GET /components_with_logs` and `GET /logging_backends`: what a log search can be made over. */
export function useLogSources(enabled: boolean) {
  return useQuery({
    queryKey: ['incidents', 'log-sources'] as const,
    queryFn: async ({ signal }): Promise<LogSourceOptions> => {
      const [components, backends] = await Promise.all([
        db.from('components_with_logs').select('id,name').order('name').abortSignal(signal).throwOnError(),
        db.from('logging_backends').select('name').is('deleted_at', null).order('name').abortSignal(signal).throwOnError(),
      ]);
      return {
        components: (components.data ?? []) as LogSourceOptions['components'],
        backends: (backends.data ?? []) as LogSourceOptions['backends'],
      };
    },
    enabled,
  });
}

/** The time ranges a log search offers, as `POST /api/logs` reads `start`. */
export const LOG_RANGES = ['15m', '1h', '6h', '1d', '2d', '7d'] as const;

export interface LogQuery {
  source: LogSource | null;
  query: string;
  start: string;
}

/**
 * `POST /api/logs` (spec 2 §7: the query service with id, name and query): the lines of the source,
 * oldest first so that context reads top to bottom.
 */
export function useLogLines({ source, query, start }: LogQuery) {
  return useQuery({
    queryKey: ['incidents', 'log-lines', source, query, start] as const,
    queryFn: async ({ signal }): Promise<EvidenceLogLine[]> => {
      const body = source!.kind === 'component' ? { id: source!.id } : { name: source!.name };
      const answer = await http.post<{ results?: EvidenceLogLine[] | null }>('/api/logs', { ...body, ...(query ? { query } : {}), start }, { signal });
      return [...(answer?.results ?? [])].reverse();
    },
    enabled: source !== null,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
