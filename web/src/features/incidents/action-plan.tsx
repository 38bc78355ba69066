import { HypothesisStatusIcon } from './hypothesis-status';
import { NO_TITLE } from './hypothesis-node';
import { capitalize } from './severity';
import type { HypothesisRow } from './types';

/** The solutions of the hypothesis tree, the actions planned to end the incident. */
export function ActionPlan({ hypotheses }: { hypotheses: readonly HypothesisRow[] }) {
  const solutions = hypotheses.filter((h) => h.type === 'solution');
  if (solutions.length === 0) return <p className="text-sm text-fg-muted">No solutions proposed yet: add one under a factor of the tree in Comments.</p>;
  return (
    <ul aria-label="Action plan" className="flex flex-col gap-1.5 text-sm">
      {solutions.map((solution) => (
        <li key={solution.id} className="flex items-center gap-2">
          <HypothesisStatusIcon status={solution.status} />
          <span className="flex-1">{solution.title || NO_TITLE}</span>
          <span className="text-xs text-fg-muted">{capitalize(solution.status)}</span>
        </li>
      ))}
    </ul>
  );
}
