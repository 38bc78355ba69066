import { formatDuration } from '@pharos/core';
import { cn } from '../../../ui/cn';
import { Countdown } from './countdown';
import { runDurationMs } from './run-resource';
import { RunStatusBadge } from './run-status';
import { agentNote, isSelectable, isWaitingForTime, type RunStep } from './run-steps';

function StepTiming({ step }: { step: RunStep }) {
  if (step.status === 'waiting' && step.agent) return <span>{agentNote(step)}</span>;
  if (isWaitingForTime(step.status) && step.scheduled_time) return <Countdown at={step.scheduled_time} />;
  const ms = runDurationMs(step);
  return ms === null ? null : <span className="tabular-nums">{formatDuration(ms)}</span>;
}

/** The run's steps in order; a click selects one (skipped ones cannot be selected). */
export function RunStepsList({ steps, selectedId, onSelect }: { steps: readonly RunStep[]; selectedId: string | undefined; onSelect: (id: string) => void }) {
  return (
    <ol aria-label="Actions" className="flex flex-col gap-1">
      {steps.map((step) => {
        const selectable = isSelectable(step);
        const selected = step.id === selectedId;
        return (
          <li key={step.id}>
            <button
              type="button"
              disabled={!selectable}
              aria-pressed={selected}
              onClick={() => onSelect(step.id)}
              className={cn(
                'flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm',
                selected ? 'border-accent bg-accent/10' : 'border-border hover:bg-surface-muted',
                selectable ? 'cursor-pointer' : 'cursor-not-allowed opacity-60',
              )}
            >
              <span className="min-w-0 flex-1 truncate font-medium">{step.name}</span>
              <span className="shrink-0 text-xs text-fg-muted">
                <StepTiming step={step} />
              </span>
              <RunStatusBadge status={step.status} className="shrink-0" />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
