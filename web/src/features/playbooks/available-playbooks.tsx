import { Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAllowed } from '../../app/access';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { linkClass } from '../../ui/link-styles';
import type { ResourceRef } from '../../ui/resource-extensions';
import { Skeleton } from '../../ui/skeleton';
import { usePlaybooksFor } from './api';
import { resourceNoun } from './resource-noun';
import { RunPlaybookModal, type RunnablePlaybook } from './run-modal';

/** The playbooks that can run on a resource (`GET /api/playbook/list`), each with Run for those who may write playbook runs. */
export function AvailablePlaybooks({ target }: { target: ResourceRef }) {
  const playbooks = usePlaybooksFor(target);
  const canRun = useAllowed('playbook_runs', 'write');
  const [chosen, setChosen] = useState<RunnablePlaybook | null>(null);
  if (playbooks.isPending) return <Skeleton className="h-12 w-full" />;
  if (playbooks.isError) return <ErrorPanel error={playbooks.error} />;
  if (playbooks.data.length === 0) return <p className="text-sm text-fg-muted">No playbooks apply to this {resourceNoun(target)}.</p>;
  return (
    <>
      <ul aria-label="Playbooks that apply" className="space-y-2">
        {playbooks.data.map((playbook) => (
          <li key={playbook.id} className="flex items-start justify-between gap-3 text-sm">
            <div>
              <Link to={`/playbooks/runs?playbook=${encodeURIComponent(playbook.id)}`} className={linkClass}>
                {playbook.title}
              </Link>
              <span className="ml-2 text-xs text-fg-muted">{playbook.category ?? 'Other'}</span>
              {playbook.description && <p className="text-xs text-fg-muted">{playbook.description}</p>}
            </div>
            {canRun && (
              <Button variant="secondary" onClick={() => setChosen(playbook)} aria-label={`Run ${playbook.title}`}>
                <Play className="size-4" aria-hidden="true" />
                Run
              </Button>
            )}
          </li>
        ))}
      </ul>
      {chosen && <RunPlaybookModal playbook={chosen} target={target} open onOpenChange={(open) => !open && setChosen(null)} />}
    </>
  );
}
