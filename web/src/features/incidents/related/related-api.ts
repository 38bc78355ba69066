import { useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { ResourceRef } from '../../../ui/resource-extensions';
import type { StoredSeverity } from '../types';

export interface RelatedIncident {
  id: string;
  incident_id: string;
  title: string;
  status: string;
  severity: StoredSeverity | null;
  created_at: string;
}

/** Spec 2 §9: side panels page by 50. */
export const RELATED_INCIDENTS_LIMIT = 50;

/** The view and column that list the incidents whose evidence points at the resource (spec 2 §7). */
export function relatedSource(target: ResourceRef): { view: 'incidents_by_component' | 'incidents_by_config'; column: string; id: string } | null {
  if (target.component_id) return { view: 'incidents_by_component', column: 'component_id', id: target.component_id };
  if (target.config_id) return { view: 'incidents_by_config', column: 'config_id', id: target.config_id };
  return null;
}

/** `GET /incidents_by_component?component_id=eq.{id}` or `/incidents_by_config?config_id=eq.{id}`, newest first. */
export function useRelatedIncidents(target: ResourceRef) {
  const source = relatedSource(target);
  return useQuery({
    queryKey: ['incidents', 'related', source?.view, source?.id] as const,
    queryFn: async ({ signal }): Promise<RelatedIncident[]> => {
      if (!source) return [];
      const { data } = await db
        .from(source.view)
        .select('id,incident_id,title,status,severity,created_at')
        .eq(source.column, source.id)
        .order('created_at', { ascending: false })
        .limit(RELATED_INCIDENTS_LIMIT)
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as RelatedIncident[];
    },
    // The panel shows its own error.
    meta: { errorToast: false },
  });
}
