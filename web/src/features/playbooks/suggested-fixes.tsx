import { Play } from 'lucide-react';
import { useState } from 'react';
import { useAllowed } from '../../app/access';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import type { ResourceRef } from '../../ui/resource-extensions';
import { Skeleton } from '../../ui/skeleton';
import { resourceNoun } from './resource-noun';
import { RunPlaybookModal, type RunnablePlaybook } from './run-modal';
import { useSuggestedFixes, type SuggestedFix } from './suggestions-api';

/** How often a playbook fixed this resource before, in words. */
export function fixRecord(fix: Pick<SuggestedFix, 'runs' | 'fixes'>): string {
  if (fix.runs === 0) return 'Never run on it';
  const times = fix.fixes === 1 ? 'once' : `${fix.fixes} times`;
  return fix.fixes === 0 ? `Did not fix it in ${fix.runs} ${fix.runs === 1 ? 'run' : 'runs'}` : `Fixed it ${times} in ${fix.runs} ${fix.runs === 1 ? 'run' : 'runs'}`;
}

/**
 * 'Suggested fixes': the playbooks whose selectors match the resource, ranked by how often a run of
 * theirs was followed by its recovery; Run opens the run form with its parameters filled from the
 * resource (approvals still apply).
 */
export function SuggestedFixes({ target }: { target: ResourceRef }) {
  const fixes = useSuggestedFixes(target);
  const canRun = useAllowed('playbook_runs', 'write');
  const [chosen, setChosen] = useState<RunnablePlaybook | null>(null);
  return (
    <section aria-label="Suggested fixes" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Suggested fixes</h3>
      {fixes.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : fixes.isError ? (
        <ErrorPanel error={fixes.error} title="Suggested fixes could not be read" hideDetails />
      ) : fixes.data.length === 0 ? (
        <p className="text-sm text-fg-muted">No playbooks apply to this {resourceNoun(target)}.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {fixes.data.map((fix) => (
            <li key={fix.id} aria-label={fix.title} className="flex items-start justify-between gap-3 text-sm">
              <div className="min-w-0">
                <span className="font-medium">{fix.title}</span>
                <p className="text-xs text-fg-muted">{fixRecord(fix)}</p>
                {fix.description && <p className="text-xs text-fg-muted">{fix.description}</p>}
              </div>
              {canRun && (
                <Button size="sm" variant="secondary" onClick={() => setChosen(fix)} aria-label={`Run ${fix.title}`}>
                  <Play className="size-4" aria-hidden="true" />
                  Run
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {chosen && <RunPlaybookModal playbook={chosen} target={target} open onOpenChange={(open) => !open && setChosen(null)} />}
    </section>
  );
}
