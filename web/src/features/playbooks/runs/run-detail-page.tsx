import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../ui/use-document-title';
import type { PlaybookRun } from '../api';
import { ActionResult } from './action-result';
import { RunActionsBar } from './run-actions-bar';
import { RunDetails } from './run-details';
import { RunStatusBadge } from './run-status';
import { defaultStepId, isSelectable, stepsOf } from './run-steps';
import { RunStepsList } from './run-steps-list';
import { usePlaybookRun, useRunRow, type PlaybookRunRow } from './runs-api';

export const PLAYBOOK_RUN_NOT_FOUND = 'Playbook run not found';

function RunView({ run, row }: { run: PlaybookRun; row: PlaybookRunRow | null | undefined }) {
  const steps = stepsOf(run);
  const [chosen, setChosen] = useState<string>();
  // Until one is chosen the last step is selected, following new steps as the run goes on.
  const chosenStep = steps.find((step) => step.id === chosen && isSelectable(step));
  const selected = chosenStep ?? steps.find((step) => step.id === defaultStepId(steps));
  const title = row?.playbook?.title ?? 'Playbook run';
  useDocumentTitle(`${title} | Pharos`);
  return (
    <main className="flex min-h-0 flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <h1 className="truncate text-lg font-semibold text-fg">{title}</h1>
          <RunStatusBadge status={run.status} />
        </div>
        <RunActionsBar run={run} />
      </header>
      <div className="grid gap-4 lg:grid-cols-[16rem_1fr_16rem]">
        {steps.length === 0 ? <p className="text-sm text-fg-muted">No action has started yet.</p> : <RunStepsList steps={steps} selectedId={selected?.id} onSelect={setChosen} />}
        <div className="min-w-0">{selected && <ActionResult step={selected} />}</div>
        <RunDetails run={run} resource={row ?? run} createdBy={row?.person?.name ?? null} />
      </div>
    </main>
  );
}

/** `/playbooks/runs/{id}`: the run's steps and the selected one's result, polled while the run is active. */
export function PlaybookRunPage() {
  const id = useParams()['id'] ?? '';
  const run = usePlaybookRun(id);
  const row = useRunRow(id);
  if (run.isPending) return <Skeleton className="h-40 w-full" />;
  if (run.isError && run.error instanceof ApiError && run.error.status === 404) return <p className="py-8 text-center text-sm text-fg-muted">{PLAYBOOK_RUN_NOT_FOUND}</p>;
  if (run.isError) return <ErrorPanel error={run.error} title="Could not load the playbook run" hideDetails />;
  return <RunView key={run.data.id} run={run.data} row={row.data} />;
}
