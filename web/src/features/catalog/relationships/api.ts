import { MANUAL_SELECTOR_ID, RELATED_CONFIGS_MAX_DEPTH } from '@pharos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { ComponentLink, GraphConfig, RelatedConfig, Relationship } from './types';

export const relationshipKeys = {
  all: ['catalog', 'relationships'] as const,
  config: (configId: string) => [...relationshipKeys.all, configId, 'config'] as const,
  related: (configId: string, includeDeleted: boolean) => [...relationshipKeys.all, configId, 'related', { includeDeleted }] as const,
  edges: (configId: string, ids: readonly string[], includeDeleted: boolean) => [...relationshipKeys.all, configId, 'edges', { ids, includeDeleted }] as const,
  componentLinks: (configId: string) => [...relationshipKeys.all, configId, 'component-links'] as const,
};

const CONFIG_COLUMNS = 'id,name,type,health,status,deleted_at';

/** The tab's own config, the centre of the graph; null when there is none with this id. */
export function useGraphRoot(configId: string) {
  return useQuery({
    queryKey: relationshipKeys.config(configId),
    queryFn: async ({ signal }): Promise<GraphConfig | null> => {
      const { data } = await db.from('configs').select(CONFIG_COLUMNS).eq('id', configId).abortSignal(signal).throwOnError();
      return (data as GraphConfig[])[0] ?? null;
    },
  });
}

/** GET /rpc/related_configs_recursive: every config related to this one, both ways, to depth 10. */
export function useRelatedConfigs(configId: string, includeDeleted: boolean) {
  return useQuery({
    queryKey: relationshipKeys.related(configId, includeDeleted),
    queryFn: async ({ signal }): Promise<RelatedConfig[]> => {
      const args = { config_id: configId, include_deleted_configs: includeDeleted, max_depth: RELATED_CONFIGS_MAX_DEPTH, type_filter: 'all', relation: 'both' };
      const { data } = await db
        .rpc('related_configs_recursive', args, { get: true })
        .select(`${CONFIG_COLUMNS},related_ids,depth,direction,tags`)
        .abortSignal(signal)
        .throwOnError();
      return data as RelatedConfig[];
    },
  });
}

/** Configs asked about per request of the graph's edges, to keep each URL short. */
const EDGE_CHUNK = 50;

/**
 * GET /config_relationships among the graph's configs: the edges as they point, the tab's config's
 * own included (the rpc rows leave that config out, so their related_ids, the configs each row
 * points at, miss its downstream edges).
 */
export function useGraphEdges(configId: string, ids: readonly string[] | undefined, includeDeleted: boolean) {
  return useQuery({
    queryKey: relationshipKeys.edges(configId, ids ?? [], includeDeleted),
    enabled: ids !== undefined,
    queryFn: async ({ signal }): Promise<Relationship[]> => {
      const all = ids ?? [];
      const chunks = Array.from({ length: Math.ceil(all.length / EDGE_CHUNK) }, (_, i) => all.slice(i * EDGE_CHUNK, (i + 1) * EDGE_CHUNK));
      const pages = await Promise.all(
        chunks.map(async (chunk) => {
          let query = db.from('config_relationships').select('config_id,related_id').in('config_id', chunk);
          if (!includeDeleted) query = query.is('deleted_at', null);
          const { data } = await query.abortSignal(signal).throwOnError();
          return data as Relationship[];
        }),
      );
      return pages.flat();
    },
  });
}

/** GET /config_component_relationships of this config, with each component's name. */
export function useComponentLinks(configId: string) {
  return useQuery({
    queryKey: relationshipKeys.componentLinks(configId),
    queryFn: async ({ signal }): Promise<ComponentLink[]> => {
      const { data } = await db
        .from('config_component_relationships')
        .select('component_id,config_id,selector_id,component:components(id,name,icon,type)')
        .eq('config_id', configId)
        .is('deleted_at', null)
        .abortSignal(signal)
        .throwOnError();
      return data as unknown as ComponentLink[];
    },
  });
}

/** DELETE /config_component_relationships by component_id, config_id and selector_id=manual. */
export function useUnlinkComponent(configId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (componentId: string): Promise<void> => {
      await db
        .from('config_component_relationships')
        .delete()
        .eq('component_id', componentId)
        .eq('config_id', configId)
        .eq('selector_id', MANUAL_SELECTOR_ID)
        .throwOnError();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: relationshipKeys.componentLinks(configId) }),
  });
}
