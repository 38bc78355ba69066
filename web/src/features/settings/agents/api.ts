import { STALE_TIME_MS } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import { settingsKeys } from '../../../api/settings-keys';
import type { TableSort } from '../../../ui/table-url-state';
import type { AgentFormValues, AgentSummary, GeneratedAgent } from './types';

/** Columns the table can be ordered by on the server. */
export const AGENT_SORTABLE = ['name', 'config_count', 'checks_count', 'config_scrapper_count', 'playbook_runs_count', 'last_seen', 'last_received', 'created_at'] as const;

export const agentKeys = {
  all: settingsKeys.table('agents'),
  list: (params: Readonly<Record<string, string | number | boolean>>) => settingsKeys.list('agents', params),
  detail: (id: string) => settingsKeys.detail('agents', id),
};

export interface AgentListParams {
  pageIndex: number;
  pageSize: number;
  sort: TableSort;
}

/** `GET /agents_summary` ordered, paged and counted exactly: data and totalEntries. */
export function useAgents({ pageIndex, pageSize, sort }: AgentListParams) {
  return useQuery({
    queryKey: agentKeys.list({ pageIndex, pageSize, sortBy: sort.id, desc: sort.desc }),
    queryFn: async ({ signal }) => {
      const from = pageIndex * pageSize;
      const orderBy = (AGENT_SORTABLE as readonly string[]).includes(sort.id) ? sort.id : 'created_at';
      const { data, count } = await db
        .from('agents_summary')
        .select('*', { count: 'exact' })
        .order(orderBy, { ascending: !sort.desc, nullsFirst: false })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as AgentSummary[];
      return { data: rows, totalEntries: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME_MS,
  });
}

/** `GET /agents_summary?id=eq.{id}`. */
export function useAgent(id: string | null) {
  return useQuery({
    queryKey: agentKeys.detail(id ?? ''),
    queryFn: async ({ signal }): Promise<AgentSummary | null> => {
      const { data } = await db
        .from('agents_summary')
        .select('*')
        .eq('id', id ?? '')
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as AgentSummary[])[0] ?? null;
    },
    enabled: id !== null,
  });
}

function invalidateAgents(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: agentKeys.all });
}

/** `POST /api/agent/generate` (name, properties, pushTelemetry, kubernetes): the new agent with its token. */
export function useGenerateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AgentFormValues) =>
      http.post<GeneratedAgent>('/api/agent/generate', {
        name: values.name,
        description: values.description,
        properties: values.properties,
        kubernetes: values.kubernetes,
        pushTelemetry: values.pushTelemetry,
      }),
    onSettled: () => invalidateAgents(queryClient),
  });
}

/** `PATCH /agents?id=eq.{id}` with description, properties, kubernetes and push_telemetry (the name never changes). */
export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string; values: AgentFormValues }) => {
      await db
        .from('agents')
        .update({ description: values.description, properties: values.properties, kubernetes: values.kubernetes, push_telemetry: values.pushTelemetry })
        .eq('id', id)
        .throwOnError();
    },
    onSettled: () => invalidateAgents(queryClient),
  });
}

/** `PATCH /agents?id=eq.{id}` with deleted_at now and the cleanup flag: a soft delete. */
export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, cleanup }: { id: string; cleanup: boolean }) => {
      await db.from('agents').update({ deleted_at: new Date().toISOString(), cleanup }).eq('id', id).throwOnError();
    },
    onSettled: () => invalidateAgents(queryClient),
  });
}
