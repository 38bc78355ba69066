import { MANUAL_SELECTOR_ID, STALE_TIME_MS } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../api/download';
import { db } from '../../api/postgrest';
import { topologyKeys } from './topology-api';

export interface ComponentCheck {
  id: string;
  name: string;
  type: string;
  icon: string | null;
  status: string | null;
  canary_name: string | null;
  last_runtime: string | null;
  agent_id: string | null;
  /** The check's agent (spec 1 "Other reads": check rows carry agents {id, name}). */
  agents: { id: string; name: string | null } | null;
}

/** `GET /checks_by_component?component_id=eq.{id}`: the checks linked to a component. */
export function useComponentChecks(id: string) {
  return useQuery({
    queryKey: topologyKeys.checks(id),
    queryFn: async ({ signal }): Promise<ComponentCheck[]> => {
      const { data } = await db
        .from('checks_by_component')
        .select('id,name,type,icon,status,canary_name,last_runtime,agent_id,agents(id,name)')
        .eq('component_id', id)
        .order('name')
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as ComponentCheck[];
    },
  });
}

export interface ComponentTeam {
  team_id: string;
  component_id: string;
  team: { id: string; name: string; icon: string | null };
}

/** `GET /team_components?component_id=eq.{id}`: the teams that own a component. */
export function useComponentTeams(id: string) {
  return useQuery({
    queryKey: topologyKeys.teams(id),
    queryFn: async ({ signal }): Promise<ComponentTeam[]> => {
      const { data } = await db.from('team_components').select('team_id,component_id,team').eq('component_id', id).abortSignal(signal).throwOnError();
      return (data ?? []) as ComponentTeam[];
    },
    staleTime: STALE_TIME_MS,
  });
}

export interface ConfigOption {
  id: string;
  name: string | null;
  type: string;
}

/** Spec 2 §9: the catalog link search returns at most 50 results. */
const CONFIG_PICKER_LIMIT = 50;

/** Live configs whose name matches the search, for Link to catalog item. */
export function useConfigOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.configOptions(search),
    queryFn: async ({ signal }): Promise<ConfigOption[]> => {
      let query = db.from('configs').select('id,name,type').is('deleted_at', null);
      if (search.trim() !== '') query = query.ilike('name', `*${search.trim()}*`);
      const { data } = await query.order('name').limit(CONFIG_PICKER_LIMIT).abortSignal(signal).throwOnError();
      return (data ?? []) as ConfigOption[];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `POST /config_component_relationships` with selector_id manual: a config linked by hand. */
export function useLinkConfig(componentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (configId: string): Promise<void> => {
      await db
        .from('config_component_relationships')
        .insert({ component_id: componentId, config_id: configId, selector_id: MANUAL_SELECTOR_ID })
        .throwOnError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topologyKeys.all }),
    meta: { errorToast: false },
  });
}

/** Ranges of the snapshot download; the first is the default (spec 2 §9). `start` as the snapshot service takes it. */
export const SNAPSHOT_RANGES = [
  { value: '30m', label: 'Last 30 minutes' },
  { value: '1h', label: 'Last 1 hour' },
  { value: '3h', label: 'Last 3 hours' },
  { value: '6h', label: 'Last 6 hours' },
  { value: '12h', label: 'Last 12 hours' },
  { value: '1d', label: 'Last 1 day' },
  { value: '2d', label: 'Last 2 days' },
  { value: '7d', label: 'Last 7 days' },
] as const;

/** `GET /api/snapshot/topology/{id}?start&related`: the component's snapshot archive, handed to the browser. */
export async function downloadSnapshot(id: string, start: string, related: boolean): Promise<void> {
  const query = new URLSearchParams({ start, related: String(related) });
  const file = await fetchFile(`/api/snapshot/topology/${encodeURIComponent(id)}?${query.toString()}`, `snapshot-${id}.zip`);
  saveFile(file);
}
