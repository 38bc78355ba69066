import { isConnectionTestSuccess, type ConnectionInput, type ConnectionView } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import type { PersonRef } from '../../../ui/resource-settings/person-cell';
import { settingsKeys } from '../../../api/settings-keys';

/** A row of the connections table (the data service never returns credentials). */
export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  source: string | null;
  created_by: PersonRef | null;
  created_at: string;
  updated_at: string;
}

export interface ConnectionListParams {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean };
}

/** `GET /connections` with who created each, paged and counted. */
export function useConnectionList({ pageIndex, pageSize, sort }: ConnectionListParams) {
  return useQuery({
    queryKey: settingsKeys.list('connections', { pageIndex, pageSize, sortBy: sort.id, desc: sort.desc }),
    queryFn: async ({ signal }) => {
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from('connections')
        .select('id,name,namespace,type,url,source,created_at,updated_at,created_by(id,name,avatar)', { count: 'exact' })
        .is('deleted_at', null)
        .order(sort.id, { ascending: !sort.desc })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as unknown as ConnectionRow[];
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** One connection as the form edits it: `GET /api/connections/{id}` (secrets only named as set). */
export function useConnection(id: string | undefined) {
  return useQuery({
    queryKey: settingsKeys.detail('connections', id ?? ''),
    queryFn: ({ signal }) => http.get<ConnectionView>(`/api/connections/${id ?? ''}`, { signal }),
    enabled: id !== undefined,
  });
}

export type ConnectionChange = { kind: 'create'; input: ConnectionInput } | { kind: 'update'; id: string; input: ConnectionInput } | { kind: 'delete'; id: string };

/** Saves (`POST`/`PATCH /api/connections`) or deletes a connection; the list refetches afterwards. */
export function useChangeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ConnectionChange): Promise<ConnectionView | undefined> => {
      if (change.kind === 'create') return http.post<ConnectionView>('/api/connections', change.input);
      if (change.kind === 'update') return http.patch<ConnectionView>(`/api/connections/${change.id}`, change.input);
      await http.delete(`/api/connections/${change.id}`);
      return undefined;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.table('connections') }),
  });
}

/** What a connection test came to, in the words of spec 3 section 8. */
export type ConnectionTestResult = { ok: true } | { ok: false; message: string };

export const TEST_SUCCESS_MESSAGE = 'Connection successful';
export const TEST_UNSUPPORTED_MESSAGE = 'We currently do not support testing this connection type';
export const TEST_FAILED_MESSAGE = 'Testing connection failed!';

/** The server's error text, pretty-printed when it is JSON. */
function prettyError(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function testResultOf(error: unknown): ConnectionTestResult {
  if (!(error instanceof ApiError)) return { ok: false, message: TEST_FAILED_MESSAGE };
  if (error.status === 501) return { ok: false, message: TEST_UNSUPPORTED_MESSAGE };
  if (error.status === 400) {
    const body = error.body as { error?: unknown } | null;
    const text = typeof body?.error === 'string' ? body.error : undefined;
    return { ok: false, message: text ? prettyError(text) : TEST_FAILED_MESSAGE };
  }
  return { ok: false, message: TEST_FAILED_MESSAGE };
}

/** `POST /api/connection/test/{id}`: a success when the status is 200 and the message is ok. */
export function useTestConnection() {
  return useMutation({
    mutationFn: async (id: string): Promise<ConnectionTestResult> => {
      try {
        const answer = await http.post<{ message?: string }>(`/api/connection/test/${id}`);
        return isConnectionTestSuccess(200, answer?.message) ? { ok: true } : { ok: false, message: TEST_FAILED_MESSAGE };
      } catch (error) {
        return testResultOf(error);
      }
    },
  });
}
