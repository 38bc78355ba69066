import { formatDuration } from '@pharos/core';
import type pg from 'pg';
import { transactionOn } from '../db/transaction.js';
import type { JobDefinition } from '../engine/job.js';
import { enqueueJob } from '../engine/queue.js';
import { executeAction, whySkipped } from './actions/index.js';
import { runnableFields, sealedUrlCredentials } from './actions/runnable-fields.js';
import type { ActionOutcome } from './actions/types.js';
import { delayMs, shouldRun, type ActionState, type RunEnvironment } from './expressions.js';
import { awaitsApproval } from './approvals.js';
import { actionContext, runEnvironment, type PlaybookOptions, type RunRow } from './run-context.js';
import { AGENT_SILENCE_MS, placementOf } from './runs-on.js';
import { scrubSecrets } from './run-parameters.js';
import { RunLock } from './run-lock.js';
import { readPlaybookSpec, type PlaybookAction, type PlaybookSpec } from './spec.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

export const PLAYBOOK_RUN_TASK = 'PlaybookRun';

/** How often a running action looks whether its run was cancelled. */
const CANCEL_POLL_MS = 1_000;
const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled', 'skipped']);
export const CRASHED_ACTION_ERROR = 'the server running this action stopped before it finished';

interface ActionRow extends ActionState {
  id: string;
  retry_count: number;
  scheduled_time: Date;
  /** Set while the action waits for or runs on an agent. */
  agent_id?: string | null;
  agent_name?: string | null;
  updated_at?: Date;
}

/** What the next step of a run is: nothing (it ended or waits), or an action to run now. */
type Step =
  | { done: true }
  | { done: false; action: PlaybookAction; rowId: string; retries: number; environment: RunEnvironment; namespace: string; deadline: number; secretTexts: string[] };

/** Queues the next advance of a run, now or at a time; one waiting job per run. */
export function queueRun(db: Pick<pg.PoolClient, 'query'>, runId: string, runAt?: Date): Promise<void> {
  return enqueueJob(db, PLAYBOOK_RUN_TASK, { runId }, { key: `playbook-run:${runId}`, ...(runAt ? { runAt } : {}) });
}

export const backoffMs = (action: PlaybookAction, retries: number): number => (action.retry ? action.retry.delayMs * action.retry.multiplier ** retries : 0);

async function finishRun(db: pg.PoolClient, runId: string, status: 'completed' | 'failed' | 'cancelled', error: string | null): Promise<void> {
  await db.query(
    `UPDATE playbook_run_actions SET status = 'cancelled', end_time = now()
      WHERE playbook_run_id = $1 AND status NOT IN ('completed', 'failed', 'cancelled', 'skipped')`,
    [runId],
  );
  await db.query('UPDATE playbook_runs SET status = $2, error = $3, end_time = now(), start_time = coalesce(start_time, now()) WHERE id = $1', [runId, status, error]);
}

async function insertAction(db: pg.PoolClient, runId: string, name: string, status: string, fields: { error?: string; scheduledTime?: Date } = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO playbook_run_actions (playbook_run_id, name, status, error, scheduled_time, start_time, end_time)
     VALUES ($1, $2, $3, $4, coalesce($5, now()), CASE WHEN $3 = 'running' THEN now() END, CASE WHEN $3 IN ('skipped', 'failed') THEN now() END)
     RETURNING id`,
    [runId, name, status, fields.error ?? null, fields.scheduledTime ?? null],
  );
  return rows[0]!.id;
}

/** Decides the run's next step inside one transaction holding the run's row. */
async function nextStep(options: PlaybookOptions, db: pg.PoolClient, runId: string): Promise<Step> {
  const { rows: runs } = await db.query<RunRow>(
    'SELECT id, playbook_id, status, spec, parameters, config_id, component_id, check_id, created_by, start_time, trigger FROM playbook_runs WHERE id = $1 FOR UPDATE',
    [runId],
  );
  const run = runs[0];
  if (!run || (run.status === 'waiting' && (await awaitsApproval(db, run.id, run.spec)))) return { done: true };
  if (TERMINAL.has(run.status)) {
    // Under the run's lock nothing else runs its actions: one still marked running was left by a stopped server.
    await db.query(`UPDATE playbook_run_actions SET status = 'cancelled', end_time = now() WHERE playbook_run_id = $1 AND status = 'running'`, [runId]);
    return { done: true };
  }
  let spec: PlaybookSpec;
  try {
    spec = readPlaybookSpec(run.spec);
  } catch (error) {
    await finishRun(db, runId, 'failed', (error as Error).message);
    return { done: true };
  }
  const startedAt = run.start_time?.getTime() ?? Date.now();
  const deadline = startedAt + spec.timeoutMs;
  if (Date.now() > deadline) {
    await finishRun(db, runId, 'failed', `the playbook did not finish within its timeout (${formatDuration(spec.timeoutMs)})`);
    return { done: true };
  }
  const { rows } = await db.query<ActionRow>(
    `SELECT a.id, a.name, a.status, a.result, a.error, a.retry_count, a.scheduled_time, a.agent_id, a.updated_at, g.name AS agent_name
       FROM playbook_run_actions a LEFT JOIN agents g ON g.id = a.agent_id WHERE a.playbook_run_id = $1 ORDER BY a.created_at`,
    [runId],
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  const settled = (): ActionState[] => rows.filter((row) => TERMINAL.has(row.status)).map(({ name, status, result, error }) => ({ name, status, result, error }));

  for (const action of spec.actions) {
    let row = byName.get(action.name);
    if (row && TERMINAL.has(row.status)) continue;
    if (row?.status === 'waiting') {
      // The agent has not taken it yet: look again when the playbook's time is up.
      await waitForAgent(db, runId, 'waiting', deadline);
      return { done: true };
    }
    if (row?.status === 'running' && row.agent_id) {
      const silentUntil = (row.updated_at?.getTime() ?? 0) + (options.agentSilenceMs ?? AGENT_SILENCE_MS);
      if (silentUntil > Date.now()) {
        await waitForAgent(db, runId, 'running', Math.min(silentUntil, deadline));
        return { done: true };
      }
    }
    if (row?.status === 'running') {
      const lost = row.agent_id ? `agent '${row.agent_name ?? row.agent_id}' sent nothing about this action for ${formatDuration(options.agentSilenceMs ?? AGENT_SILENCE_MS)} and is taken to have stopped` : CRASHED_ACTION_ERROR;
      const retry = action.retry !== undefined && row.retry_count < action.retry.limit;
      const scheduled = new Date(Date.now() + backoffMs(action, row.retry_count));
      await db.query(
        `UPDATE playbook_run_actions SET status = $2, error = $3, retry_count = retry_count + $4, scheduled_time = $5, end_time = CASE WHEN $2 = 'failed' THEN now() END WHERE id = $1`,
        [row.id, retry ? 'scheduled' : 'failed', lost, retry ? 1 : 0, scheduled],
      );
      row = { ...row, status: retry ? 'scheduled' : 'failed', error: lost, retry_count: row.retry_count + (retry ? 1 : 0), scheduled_time: scheduled };
      rows.splice(rows.findIndex((other) => other.id === row!.id), 1, row);
      if (!retry) continue;
    }
    if (row && row.scheduled_time.getTime() > Date.now()) {
      await db.query('UPDATE playbook_runs SET status = $2, start_time = coalesce(start_time, now()) WHERE id = $1', [runId, row.status]);
      await queueRun(db, runId, row.scheduled_time);
      return { done: true };
    }
    const { environment, namespace, secretTexts } = await runEnvironment(options, db, run, spec.env, settled());
    if (!row) {
      let runs: boolean;
      let wait: number;
      try {
        runs = await shouldRun(options.sandbox, action.if, environment);
        wait = runs ? await delayMs(options.sandbox, action.delay, environment) : 0;
      } catch (error) {
        rows.push({ ...(await failedRow(db, runId, action.name, (error as Error).message)) });
        continue;
      }
      const skipped = runs ? whySkipped(action.kind) : undefined;
      if (!runs || skipped) {
        const id = await insertAction(db, runId, action.name, 'skipped', skipped ? { error: skipped } : {});
        rows.push({ id, name: action.name, status: 'skipped', result: null, error: skipped ?? null, retry_count: 0, scheduled_time: new Date() });
        continue;
      }
      if (wait > 0) {
        const at = new Date(Date.now() + wait);
        await insertAction(db, runId, action.name, 'sleeping', { scheduledTime: at });
        await db.query(`UPDATE playbook_runs SET status = 'sleeping', start_time = coalesce(start_time, now()) WHERE id = $1`, [runId]);
        await queueRun(db, runId, at);
        return { done: true };
      }
    }
    let placement;
    try {
      placement = await placementOf(db, options.sandbox, spec, action, environment);
    } catch (error) {
      placement = { on: 'none' as const, error: `runsOn: ${(error as Error).message}` };
    }
    if (placement.on === 'none') {
      if (row) {
        await db.query(`UPDATE playbook_run_actions SET status = 'failed', error = $2, end_time = now() WHERE id = $1`, [row.id, placement.error]);
        rows.splice(rows.indexOf(row), 1, { ...row, status: 'failed', error: placement.error });
      } else rows.push(await failedRow(db, runId, action.name, placement.error));
      continue;
    }
    if (placement.on === 'agent') {
      // Offered to the agent (GET /api/agent/playbook/action); its report moves the run on.
      if (row) await db.query(`UPDATE playbook_run_actions SET status = 'waiting', agent_id = $2, start_time = NULL, end_time = NULL WHERE id = $1`, [row.id, placement.id]);
      else await db.query(`INSERT INTO playbook_run_actions (playbook_run_id, name, status, agent_id) VALUES ($1, $2, 'waiting', $3)`, [runId, action.name, placement.id]);
      await waitForAgent(db, runId, 'waiting', deadline);
      return { done: true };
    }
    if (!row) {
      const id = await insertAction(db, runId, action.name, 'running');
      row = { id, name: action.name, status: 'running', result: null, error: null, retry_count: 0, scheduled_time: new Date() };
    } else {
      await db.query(`UPDATE playbook_run_actions SET status = 'running', start_time = now(), end_time = NULL WHERE id = $1`, [row.id]);
    }
    await db.query(`UPDATE playbook_runs SET status = 'running', start_time = coalesce(start_time, now()) WHERE id = $1`, [runId]);
    return { done: false, action, rowId: row.id, retries: row.retry_count, environment, namespace, deadline, secretTexts };
  }
  const failedAction = rows.find((row) => row.status === 'failed');
  await finishRun(db, runId, failedAction ? 'failed' : 'completed', failedAction ? `${failedAction.name}: ${failedAction.error ?? 'failed'}` : null);
  return { done: true };
}

/** The run waits on its agent; its next advance (at `until`) looks whether the playbook's time or the agent's silence ran out. */
async function waitForAgent(db: pg.PoolClient, runId: string, status: 'waiting' | 'running', until: number): Promise<void> {
  await db.query('UPDATE playbook_runs SET status = $2, start_time = coalesce(start_time, now()) WHERE id = $1', [runId, status]);
  await queueRun(db, runId, new Date(until + 1_000));
}

async function failedRow(db: pg.PoolClient, runId: string, name: string, error: string): Promise<ActionRow> {
  const id = await insertAction(db, runId, name, 'failed', { error });
  return { id, name, status: 'failed', result: null, error, retry_count: 0, scheduled_time: new Date() };
}

/** Runs one action with its templated fields, until its timeout, the run's, a cancel or the process stopping. */
async function runAction(options: PlaybookOptions, step: Extract<Step, { done: false }>, runId: string, stopping: AbortSignal): Promise<{ outcome: ActionOutcome; cancelled: boolean }> {
  const cancel = new AbortController();
  const poll = setInterval(() => {
    options.pool
      .query<{ status: string; error: string | null }>('SELECT status, error FROM playbook_runs WHERE id = $1', [runId])
      .then(({ rows }) => rows[0]?.status === 'cancelled' && cancel.abort(new Error(rows[0].error ?? 'the run was cancelled')))
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  const limit = Math.max(0, Math.min(step.deadline - Date.now(), step.action.timeoutMs ?? Number.POSITIVE_INFINITY));
  const signal = AbortSignal.any([stopping, cancel.signal, timeoutSignal(limit)]);
  try {
    const body = await runnableFields(options, step.action.kind, step.action.body, step.environment, step.namespace);
    const configId = typeof step.environment.config?.['id'] === 'string' ? step.environment.config['id'] : undefined;
    const outcome = await executeAction(step.action.kind, body, actionContext(options, step.namespace, signal, configId));
    if (signal.aborted && !stopping.aborted && !cancel.signal.aborted && outcome.ok === false) outcome.error = `the action did not finish within ${formatDuration(limit)}`;
    // Who cancelled, not how the action noticed.
    if (cancel.signal.aborted) return { outcome: { ...outcome, ok: false, error: (cancel.signal.reason as Error).message }, cancelled: true };
    return { outcome, cancelled: false };
  } catch (error) {
    return { outcome: { ok: false, result: {}, error: cancel.signal.aborted ? (cancel.signal.reason as Error).message : (error as Error).message }, cancelled: cancel.signal.aborted };
  } finally {
    clearInterval(poll);
  }
}

/**
 * Records what the action did, secret parameters' values and the credentials of its sealed service
 * URLs replaced by [REDACTED] wherever its result or error repeats them.
 */
function recordOutcome(options: PlaybookOptions, db: pg.PoolClient, runId: string, step: Extract<Step, { done: false }>, answered: ActionOutcome, cancelled: boolean): Promise<void> {
  const outcome = scrubSecrets(answered, [...step.secretTexts, ...sealedUrlCredentials(step.action.body, options.secrets)]);
  return transactionOn(db, async () => {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE', [runId]);
    const retry = !outcome.ok && step.action.retry !== undefined && step.retries < step.action.retry.limit;
    const status = cancelled || rows[0]?.status === 'cancelled' ? 'cancelled' : outcome.ok ? 'completed' : retry ? 'scheduled' : 'failed';
    await db.query(
      `UPDATE playbook_run_actions SET status = $2, result = $3, error = $4, retry_count = retry_count + $5,
              scheduled_time = $6, end_time = CASE WHEN $2 = 'scheduled' THEN NULL ELSE now() END
        WHERE id = $1`,
      [step.rowId, status, JSON.stringify(outcome.result), outcome.ok ? null : (outcome.error ?? 'failed'), status === 'scheduled' ? 1 : 0, new Date(Date.now() + backoffMs(step.action, step.retries))],
    );
  });
}

/**
 * Moves a run on as far as it can: each action in turn (skipped on a false `if`, put to sleep on a
 * `delay`, retried after a wait on failure while `retry` allows), then the run's end. One process at
 * a time advances a run (an advisory lock held on a connection, released if the process dies); an
 * action found still running was left by a stopped server and is retried or failed with the reason.
 */
export async function advanceRun(options: PlaybookOptions, runId: string, stopping: AbortSignal): Promise<void> {
  const lock = await RunLock.take(options.pool, runId);
  if (!lock) return;
  try {
    for (;;) {
      const step = await lock.retrying((db) => transactionOn(db, () => nextStep(options, db, runId)), stopping);
      if (step.done) return;
      const { outcome, cancelled } = await runAction(options, step, runId, stopping);
      // Stopping mid-action: the action stays running and the job's next attempt (elsewhere) finds it.
      if (stopping.aborted) throw new Error('the server stopped during the action');
      // Done is done: an outcome is kept through a restart or failover of the database until it is recorded.
      await lock.retrying((db) => recordOutcome(options, db, runId, step, outcome, cancelled), stopping);
    }
  } finally {
    await lock.release();
  }
}

/** The engine's job that advances a run. */
export function playbookRunJob(options: PlaybookOptions): JobDefinition<{ runId: string }> {
  return {
    name: PLAYBOOK_RUN_TASK,
    // Actions keep their own deadlines (theirs and the playbook's); this only bounds a stuck attempt.
    timeoutMs: 24 * 3_600_000,
    run: async ({ runId }, context) => {
      await advanceRun(options, runId, context.signal);
    },
  };
}
