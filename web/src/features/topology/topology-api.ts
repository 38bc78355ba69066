import { STALE_TIME_MS, type TopologyQuery, type TopologyResponse } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../api/http';
import { db } from '../../api/postgrest';

export const topologyKeys = {
  all: ['topology'] as const,
  list: (query: TopologyQuery) => [...topologyKeys.all, 'list', query] as const,
  names: (ids: readonly string[]) => [...topologyKeys.all, 'names', ids] as const,
  agents: () => [...topologyKeys.all, 'agents'] as const,
  component: (id: string) => [...topologyKeys.all, 'component', id] as const,
  checks: (id: string) => [...topologyKeys.all, 'checks', id] as const,
  teams: (id: string) => [...topologyKeys.all, 'teams', id] as const,
  configOptions: (search: string) => [...topologyKeys.all, 'config-options', search] as const,
  incidentOptions: (search: string) => [...topologyKeys.all, 'incident-options', search] as const,
};

/** `GET /api/topology` with the dashboard's filters. */
export function fetchTopology(query: TopologyQuery, signal?: AbortSignal): Promise<TopologyResponse> {
  return http.get<TopologyResponse>('/api/topology', { query: query as Record<string, QueryValue>, signal });
}

/** The components of the dashboard (refetched at the auto-refresh rate; 0 for never). */
export function useTopology(query: TopologyQuery, refetchIntervalMs = 0, enabled = true) {
  return useQuery({
    enabled,
    queryKey: topologyKeys.list(query),
    queryFn: ({ signal }) => fetchTopology(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalMs > 0 ? refetchIntervalMs : false,
    // The page says 'Unable to load components!' itself.
    meta: { errorToast: false },
  });
}

export interface ComponentName {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
  path: string | null;
  parent_id: string | null;
}

/** `GET /component_names?id=in.(…)`: the names of a breadcrumb's components. */
export function useComponentNames(ids: readonly string[]) {
  return useQuery({
    queryKey: topologyKeys.names(ids),
    queryFn: async ({ signal }): Promise<ComponentName[]> => {
      const { data } = await db.from('component_names').select('id,name,icon,type,path,parent_id').in('id', [...ids]).abortSignal(signal).throwOnError();
      return (data ?? []) as ComponentName[];
    },
    enabled: ids.length > 0,
    staleTime: STALE_TIME_MS,
    meta: { errorToast: false },
  });
}

export interface AgentOption {
  id: string;
  name: string;
}

/** The agents list of the agent filter (spec 2 §7). */
export function useAgents() {
  return useQuery({
    queryKey: topologyKeys.agents(),
    queryFn: async ({ signal }): Promise<AgentOption[]> => {
      const { data } = await db.from('agents').select('id,name').is('deleted_at', null).order('name').abortSignal(signal).throwOnError();
      return (data ?? []) as AgentOption[];
    },
    staleTime: STALE_TIME_MS,
    meta: { errorToast: false },
  });
}
