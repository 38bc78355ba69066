import type { PlaybookRunStatus } from '@pharos/core';
import type { PlaybookRun, PlaybookRunAction } from '../api';

/** A step of the run detail: an action of the run, or the synthetic 'Initialization' step. */
export interface RunStep extends PlaybookRunAction {
  /** The 'Initialization' step 0, made from the run's own error. */
  synthetic?: boolean;
}

export const INITIALIZATION_STEP_ID = 'initialization';

/**
 * The steps shown for a run: its actions in order, led by a synthetic 'Initialization' step 0 that
 * carries the error when the run failed with one (spec 2 §4), e.g. before any action could start.
 */
export function stepsOf(run: PlaybookRun): RunStep[] {
  const actions: RunStep[] = [...run.actions];
  if (run.status !== 'failed' || !run.error) return actions;
  const initialization: RunStep = {
    id: INITIALIZATION_STEP_ID,
    name: 'Initialization',
    status: 'failed',
    result: null,
    error: run.error,
    scheduled_time: run.scheduled_time,
    start_time: run.start_time ?? run.created_at,
    end_time: run.end_time,
    created_at: run.created_at,
    synthetic: true,
  };
  return [initialization, ...actions];
}

/** Skipped actions cannot be selected. */
export function isSelectable(step: { status: PlaybookRunStatus }): boolean {
  return step.status !== 'skipped';
}

/** The step selected by default: the last one that can be selected. */
export function defaultStepId(steps: readonly RunStep[]): string | undefined {
  return steps.filter(isSelectable).at(-1)?.id;
}

/** Statuses that wait for a time: the step shows how long until it is scheduled. */
export function isWaitingForTime(status: PlaybookRunStatus): boolean {
  return status === 'sleeping' || status === 'scheduled';
}

/** A run that has ended cannot be cancelled. */
export function hasEnded(status: PlaybookRunStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled' || status === 'skipped';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time left as `1h 02m 05s`, `2m 05s` or `5s` (never below zero). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/** What a step given to an agent (`runsOn`) says: `Waiting for agent '{name}'` until the agent takes it, then where it runs or ran. */
export function agentNote(step: RunStep): string | null {
  if (!step.agent) return null;
  const name = step.agent.name;
  if (step.status === 'waiting') return `Waiting for agent '${name}'`;
  return step.status === 'running' ? `Running on agent '${name}'` : `Ran on agent '${name}'`;
}
