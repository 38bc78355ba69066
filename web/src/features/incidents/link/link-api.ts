import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { ResourceRef } from '../../../ui/resource-extensions';

export interface IncidentOption {
  id: string;
  incident_id: string;
  title: string;
  status: string;
  severity: string;
}

/** Spec 2 §9: a picker's search returns at most 50 results. */
const INCIDENT_PICKER_LIMIT = 50;

/** `GET /incidents` (title search), newest first, for the Link to incident picker. */
export function useIncidentOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['incidents', 'link-options', search] as const,
    queryFn: async ({ signal }): Promise<IncidentOption[]> => {
      let query = db.from('incidents').select('id,incident_id,title,status,severity').is('deleted_at', null);
      if (search.trim() !== '') query = query.ilike('title', `*${search.trim()}*`);
      const { data } = await query.order('created_at', { ascending: false }).limit(INCIDENT_PICKER_LIMIT).abortSignal(signal).throwOnError();
      return (data ?? []) as IncidentOption[];
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** An incident without a root hypothesis has nowhere for evidence to go. */
export class NoRootHypothesisError extends Error {
  constructor(incident: IncidentOption) {
    super(`${incident.incident_id} has no root hypothesis to add evidence to`);
    this.name = 'NoRootHypothesisError';
  }
}

/** The evidence row of a resource (spec 2 §4 evidence types): a config, a component (topology) or a check. */
function evidenceOf(target: ResourceRef): Record<string, string> {
  if (target.config_id) return { type: 'config', config_id: target.config_id };
  if (target.component_id) return { type: 'topology', component_id: target.component_id };
  if (target.check_id) return { type: 'check', check_id: target.check_id };
  throw new Error('Nothing to link: no config, component or check');
}

export interface LinkToIncident {
  incident: IncidentOption;
  target: ResourceRef;
  description: string;
  /** Lines of a config selected on its Config tab, kept with the evidence. */
  lines: readonly number[];
}

/**
 * Link to incident: `POST /evidences` for the resource on the incident's root hypothesis
 * (`GET /hypotheses?incident_id=eq.{id}&type=eq.root`).
 */
export function useLinkToIncident() {
  return useMutation({
    mutationFn: async ({ incident, target, description, lines }: LinkToIncident) => {
      const { data } = await db.from('hypotheses').select('id').eq('incident_id', incident.id).eq('type', 'root').order('created_at').limit(1).throwOnError();
      const root = ((data ?? []) as { id: string }[])[0];
      if (!root) throw new NoRootHypothesisError(incident);
      await db
        .from('evidences')
        .insert({ hypothesis_id: root.id, ...evidenceOf(target), description, evidence: lines.length > 0 ? { lines } : {} })
        .throwOnError();
    },
    meta: { errorToast: false },
  });
}
