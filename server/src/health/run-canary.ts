import { envVarText, SPEC_SECRET_RULES } from '@pharos/core';
import type pg from 'pg';
import { resolveConnection } from '../connections/resolve.js';
import { withConnection } from '../connections/with-connection.js';
import type { JobDefinition, JobOutcome } from '../engine/job.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { resolveValue } from '../secret-store/resolve.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { openSealedUrls } from '../secrets/spec-secrets.js';
import { CHILD_OF, childNotRun, childStatuses } from './child-checks.js';
import { applyExpressions } from './evaluate.js';
import { hasDependencies, orderByDependencies } from './depends-on.js';
import type { CheckScope } from './expression-variables.js';
import { lastResults, NO_LAST_RESULT } from './last-result.js';
import { whyNotRun } from './not-run-here.js';
import { CHECK_RUNNERS, checkTimeoutMs, HTTP_USER_AGENT, PUSHED_CHECK_TYPES, type CheckOutcome, type RunContext } from './runners/index.js';
import { forgetSummaries } from './summary.js';
import { CANARY_RUN_TASK } from './sync.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

export interface CanaryRunPayload {
  canaryId: string;
  /** Only this check (Run Now); every check of the canary otherwise. */
  checkId?: string;
}

/** Longest one check may take, unless its spec says `timeout` (ms). */
export const CHECK_TIMEOUT_MS = 60_000;
/** Checks of one canary run at once. */
const CONCURRENCY = 8;
/** Largest detail kept per status row. */
const MAX_DETAIL = 16 * 1024;

export interface CheckRow {
  id: string;
  type: string;
  name: string;
  namespace: string | null;
  spec: Record<string, unknown>;
}

export interface StatusRow {
  checkId: string;
  time: Date;
  outcome: CheckOutcome;
  invalid: boolean;
}

export interface CanaryRunOptions {
  pool: pg.Pool;
  sandbox: ExpressionSandbox;
  secrets: ServerSecrets;
}

/** The variables kept with a status: those the expressions saw, without a large body. */
function detailOf(outcome: CheckOutcome): Record<string, unknown> {
  const detail = { ...outcome.data };
  if (typeof detail['content'] === 'string' && detail['content'].length > 4096) detail['content'] = `${detail['content'].slice(0, 4096)}…`;
  const text = JSON.stringify(detail);
  return text.length > MAX_DETAIL ? { truncated: true } : detail;
}

async function runCheck(options: CanaryRunOptions, check: CheckRow, signal: AbortSignal, scope: CheckScope | undefined): Promise<StatusRow> {
  const time = new Date();
  const runner = CHECK_RUNNERS[check.type];
  if (typeof check.spec[CHILD_OF] === 'string') {
    return { checkId: check.id, time, invalid: true, outcome: { pass: false, duration: 0, error: childNotRun(check), data: {} } };
  }
  if (PUSHED_CHECK_TYPES.includes(check.type)) {
    return { checkId: check.id, time, invalid: true, outcome: { pass: false, duration: 0, error: `${check.type} checks are not run by Pharos: their results are pushed to POST /api/canary/webhook/${check.name}`, data: {} } };
  }
  if (!runner) {
    return { checkId: check.id, time, invalid: true, outcome: { pass: false, duration: 0, error: whyNotRun(check.type), data: {} } };
  }
  const timeout = checkTimeoutMs(check.type, check.spec) ?? CHECK_TIMEOUT_MS;
  const context: RunContext = {
    signal: AbortSignal.any([signal, timeoutSignal(timeout)]),
    userAgent: HTTP_USER_AGENT,
    pool: options.pool,
    render: (template, variables) => options.sandbox.renderTemplate(template, variables, `check ${check.name}`),
    ...(scope ? { scope: { ...scope } } : {}),
    connection: (reference) => resolveConnection(options.pool, options.secrets, reference, check.namespace ?? 'default'),
    value: async (field) => {
      const text = envVarText(field);
      return text === undefined ? undefined : resolveValue(options.pool, options.secrets, text, check.namespace ?? 'default');
    },
  };
  let outcome: CheckOutcome;
  try {
    const spec = await withConnection(options.pool, options.secrets, openSealedUrls(check.spec, SPEC_SECRET_RULES.Canary, options.secrets), check.namespace ?? 'default');
    outcome = await applyExpressions(options.sandbox, spec, await runner(spec, context), scope);
  } catch (error) {
    outcome = { pass: false, duration: Math.round(Date.now() - time.getTime()), error: (error as Error).message, data: {} };
  }
  return { checkId: check.id, time, invalid: outcome.invalid === true, outcome };
}

/** Writes statuses in one statement; the check's state and roll-ups follow by trigger. */
export async function saveStatuses(pool: pg.Pool, rows: readonly StatusRow[]): Promise<void> {
  if (rows.length === 0) return;
  await pool.query(
    `INSERT INTO check_statuses (check_id, time, status, invalid, duration, message, error, detail)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::boolean[], $4::boolean[], $5::integer[], $6::text[], $7::text[], $8::jsonb[])
     ON CONFLICT (check_id, time) DO NOTHING`,
    [
      rows.map((row) => row.checkId),
      rows.map((row) => row.time),
      rows.map((row) => row.outcome.pass),
      rows.map((row) => row.invalid),
      rows.map((row) => row.outcome.duration),
      rows.map((row) => row.outcome.message ?? null),
      rows.map((row) => row.outcome.error ?? null),
      rows.map((row) => JSON.stringify(detailOf(row.outcome))),
    ],
  );
}

/**
 * Checks of a canary where one has `dependsOn` (depends-on.ts): one at a time in their order, each
 * seeing the earlier ones' results as `outputs`; when there is no order, each fails saying why.
 */
async function runInDependencyOrder<T extends CheckRow & { scope: CheckScope }>(checks: T[], runOne: (check: T, scope: CheckScope) => Promise<StatusRow[]>): Promise<StatusRow[]> {
  const order = orderByDependencies(checks);
  if ('error' in order) return checks.map((check) => ({ checkId: check.id, time: new Date(), invalid: true, outcome: { pass: false, duration: 0, error: order.error, data: {} } }));
  const statuses: StatusRow[] = [];
  const outputs: Record<string, Record<string, unknown>> = {};
  for (const check of order.ordered) {
    const [status, ...children] = await runOne(check, { ...check.scope, outputs: { ...outputs } });
    const { pass, message, duration, data } = status!.outcome;
    outputs[check.name] = { ...data, pass, message: message ?? '', duration };
    statuses.push(status!, ...children);
  }
  return statuses;
}

/** Runs the checks of a canary (or one of them), a few at a time, and writes their statuses in one statement. */
export async function runCanary(options: CanaryRunOptions, payload: CanaryRunPayload, signal: AbortSignal): Promise<{ checks: CheckRow[]; statuses: StatusRow[] }> {
  const { rows: checks } = await options.pool.query<CheckRow & { scope: CheckScope }>(
    `SELECT c.id, c.type, c.name, c.namespace, c.spec,
            json_build_object(
              'canary', json_build_object('id', k.id, 'name', k.name, 'namespace', k.namespace, 'labels', coalesce(k.labels, '{}'::jsonb)),
              'check', json_build_object('id', c.id, 'name', c.name, 'description', coalesce(c.description, ''), 'labels', c.labels, 'endpoint', coalesce(c.endpoint, ''))
            ) AS scope
       FROM checks c JOIN canaries k ON k.id = c.canary_id
      WHERE c.canary_id = $1 AND c.deleted_at IS NULL AND ${payload.checkId ? 'c.id = $2' : `c.type <> ALL($2::text[]) AND NOT c.spec ? '${CHILD_OF}'`} ORDER BY c.name`,
    [payload.canaryId, payload.checkId ?? PUSHED_CHECK_TYPES],
  );
  const previous = await lastResults(options.pool, checks.map((check) => check.id));
  for (const check of checks) check.scope = { ...check.scope, last_result: previous.get(check.id) ?? NO_LAST_RESULT };
  const statuses: StatusRow[] = [];
  const runOne = async (check: (typeof checks)[number], scope: CheckScope): Promise<StatusRow[]> => {
    const status = await runCheck(options, check, signal, scope);
    return [status, ...(await childStatuses(options.pool, check, status))];
  };
  if (!payload.checkId && hasDependencies(checks)) {
    statuses.push(...(await runInDependencyOrder(checks, runOne)));
  } else {
    for (let start = 0; start < checks.length; start += CONCURRENCY) {
      const batch = checks.slice(start, start + CONCURRENCY).map((check) => runOne(check, check.scope));
      statuses.push(...(await Promise.all(batch)).flat());
    }
  }
  await saveStatuses(options.pool, statuses);
  if (payload.checkId) forgetSummaries(options.pool);
  return { checks, statuses };
}

/** The job a canary's schedule runs: every check, recorded in job history with the failures. */
export function canaryRunJob(options: CanaryRunOptions): JobDefinition<CanaryRunPayload> {
  return {
    name: CANARY_RUN_TASK,
    timeoutMs: 5 * 60_000,
    maxAttempts: 1,
    async run(payload, context): Promise<JobOutcome> {
      const { checks, statuses } = await runCanary(options, payload, context.signal);
      const failures = statuses.filter((status) => !status.outcome.pass);
      return {
        successCount: statuses.length - failures.length,
        errorCount: failures.length,
        ...(failures.length > 0 ? { details: { errors: failures.map((status) => `${checks.find((check) => check.id === status.checkId)?.name ?? status.checkId}: ${status.outcome.error ?? 'failed'}`) } } : {}),
      };
    },
  };
}
