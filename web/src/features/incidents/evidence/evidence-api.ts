import type { EvidenceType } from '@pharos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { toast } from '../../../ui/toast/toast-store';
import { incidentKeys } from '../api';
import type { EvidenceBody } from '../types';
import type { Candidate } from './evidence-search';

export const EVIDENCE_DELETE_FAILED = 'Evidence delete failed';

/** One row of `POST /evidences` (spec 2 §7); the server records the caller as its creator. */
export interface NewEvidence {
  id: string;
  hypothesis_id: string;
  type: EvidenceType;
  description: string | null;
  definition_of_done: boolean;
  evidence: EvidenceBody;
  check_id?: string;
  config_id?: string;
  component_id?: string;
  config_analysis_id?: string;
  config_change_id?: string;
}

/** The evidence rows of the picked candidates, one each, sharing the description. */
export function candidateEvidence(
  base: { hypothesis_id: string; type: EvidenceType; description: string; definition_of_done: boolean },
  picked: readonly Candidate[],
): NewEvidence[] {
  return picked.map((candidate) => ({
    id: crypto.randomUUID(),
    ...base,
    description: base.description.trim() || candidate.title,
    evidence: {},
    ...candidate.ids,
  }));
}

const refreshIncident = (queryClient: ReturnType<typeof useQueryClient>, incidentId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: incidentKeys.detail(incidentId) }),
    queryClient.invalidateQueries({ queryKey: incidentKeys.history(incidentId) }),
  ]);

/** `POST /evidences` with one or more rows; the incident is read again after. */
export function useAddEvidence(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: readonly NewEvidence[]) => {
      await db.from('evidences').insert([...rows]).throwOnError();
    },
    onSuccess: () => refreshIncident(queryClient, incidentId),
    meta: { errorToast: false },
  });
}

export type EvidencePatch = Partial<{ definition_of_done: boolean; done: boolean; script: string | null; description: string; evidence: EvidenceBody }>;

/**
 * `PATCH /evidences?id=eq.{id}` and `DELETE /evidences?id=eq.{id}`; a failure shows the message
 * the caller gives (spec 2 §8) and the incident is read again either way.
 */
export function useEvidenceActions(incidentId: string) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: EvidencePatch; failure: string }) => {
      await db.from('evidences').update(patch).eq('id', id).select('id').throwOnError();
    },
    onError: (_error, { failure }) => toast.error(failure),
    onSettled: () => refreshIncident(queryClient, incidentId),
    meta: { errorToast: false },
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await db.from('evidences').delete().eq('id', id).throwOnError();
    },
    onError: () => toast.error(EVIDENCE_DELETE_FAILED),
    onSettled: () => refreshIncident(queryClient, incidentId),
    meta: { errorToast: false },
  });
  return { update, remove };
}
