import { HYPOTHESIS_DEFAULTS } from '@pharos/core';
import { DeniedHint, useDenied } from '../../app/access/denied';
import { Button } from '../../ui/button';
import { useHypothesisMutations } from './api';
import type { NewComment } from './comment-form';
import { HypothesisNode, type TreeContext } from './hypothesis-node';
import type { HypothesisRow } from './types';

/** The hypotheses of an incident as a tree: root → factor → solution. */
export function HypothesisTree({
  incidentId,
  hypotheses,
  fetching,
  expandAll,
  newComment = null,
}: {
  incidentId: string;
  hypotheses: readonly HypothesisRow[];
  fetching: boolean;
  expandAll: boolean;
  newComment?: NewComment | null;
}) {
  const mutations = useHypothesisMutations(incidentId);
  const denied = useDenied('incident');
  const ids = new Set(hypotheses.map((h) => h.id));
  const children = new Map<string, HypothesisRow[]>();
  const roots: HypothesisRow[] = [];
  for (const hypothesis of hypotheses) {
    if (hypothesis.parent_id && ids.has(hypothesis.parent_id)) children.set(hypothesis.parent_id, [...(children.get(hypothesis.parent_id) ?? []), hypothesis]);
    else roots.push(hypothesis);
  }
  const context: TreeContext = { children, mutations, expandAll, fetching, newComment, denied };

  if (hypotheses.length === 0 && fetching) return <p className="text-sm text-fg-muted">fetching tree...</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Hypotheses" className="flex flex-col gap-2">
        {roots.map((root) => (
          <HypothesisNode key={root.id} hypothesis={root} context={context} />
        ))}
      </ul>
      {roots.length === 0 && (
        <DeniedHint reason={denied} className="self-start">
          <Button size="sm" variant="secondary" disabled={mutations.create.isPending || denied !== null} onClick={() => mutations.create.mutate({ parent_id: null, type: HYPOTHESIS_DEFAULTS.type, title: '' })}>
            Add root hypothesis
          </Button>
        </DeniedHint>
      )}
    </div>
  );
}
