import { envVarText, formatDuration, isRecord, PLAYBOOK_ACTION_KINDS } from '@pharos/core';
import type pg from 'pg';
import { connectionAsUrl, isConnectionString } from '../../connections/connection-string.js';
import { mergeConnection } from '../../connections/origin.js';
import type { ResolvedConnection } from '../../connections/resolve.js';
import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import { HTTP_USER_AGENT } from '../../health/runners/user-agent.js';
import { executeAction } from '../../playbooks/actions/index.js';
import { renderAction } from '../../playbooks/actions/render-action.js';
import type { ActionContext, ActionOutcome } from '../../playbooks/actions/types.js';
import type { AgentActionPayload, AgentActionReport } from '../../playbooks/agent-actions/payload.js';
import { shippedConnection } from '../../playbooks/agent-actions/shipped-connections.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

/** What the loop needs to take and run its agent's playbook actions. */
export interface PlaybookActionLoopOptions {
  /** The upstream Pharos, e.g. https://pharos.example.com (no trailing /api). */
  upstreamUrl: string;
  /** The agent's access token (POST /api/agent/generate). */
  token: string;
  /** Stops the loop; an action still running is stopped and reported failed. */
  signal: AbortSignal;
  /** Where templates and jq run locally (an http action's templated body, `templatesOn: agent`, gitops patches). */
  sandbox: ExpressionSandbox;
  /** This agent's own key. */
  secrets: ServerSecrets;
  /** This agent's own database: a logs action reads the log backends the agent has; without it, logs actions fail saying so. */
  pool?: pg.Pool;
  /** Seconds upstream holds a poll when nothing waits (0–30; 30 by default). */
  pollWaitSeconds?: number;
  /** How often a running action tells upstream it is alive (15 s by default; upstream gives it up after 2 minutes of silence). */
  heartbeatMs?: number;
  /** The first wait after a network error and the longest the doubling waits grow to. */
  backoffMs?: { first: number; max: number };
  /** Where what went wrong is told (a network error, a refused token); nothing is logged when absent. */
  log?: (message: string) => void;
}

/** An answer of upstream that is not what the loop can use: its status and message. */
class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const KINDS: ReadonlySet<string> = new Set(PLAYBOOK_ACTION_KINDS);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

async function failure(response: Response): Promise<UpstreamError> {
  const text = await response.text().catch(() => '');
  let message = text;
  try {
    const body = JSON.parse(text) as unknown;
    if (isRecord(body) && typeof body['message'] === 'string') message = body['message'];
  } catch {
    // not JSON: the text itself
  }
  return new UpstreamError(response.status, `upstream answered ${response.status}${message ? `: ${message}` : ''}`);
}

function payloadOf(body: unknown): AgentActionPayload {
  if (!isRecord(body) || typeof body['id'] !== 'string' || typeof body['kind'] !== 'string' || !KINDS.has(body['kind']) || !isRecord(body['spec']) || typeof body['timeout_ms'] !== 'number') {
    throw new Error(`upstream sent an action this agent cannot read: ${JSON.stringify(body).slice(0, 200)}`);
  }
  if (body['templates_on'] === 'agent' && !isRecord(body['template_env'])) throw new Error('upstream sent an action to render on this agent (templatesOn: agent) without what its templates see');
  return body as unknown as AgentActionPayload;
}

/** The upstream's two playbook action routes, with the agent's token. */
class Upstream {
  constructor(private readonly options: PlaybookActionLoopOptions) {}

  private url(path: string): string {
    return `${this.options.upstreamUrl.replace(/\/+$/, '')}${path}`;
  }

  /** The next action for this agent, claimed; undefined when none came within the wait. */
  async take(waitSeconds: number): Promise<AgentActionPayload | undefined> {
    const signal = AbortSignal.any([this.options.signal, timeoutSignal((waitSeconds + 30) * 1000)]);
    const response = await fetch(this.url(`/api/agent/playbook/action?wait=${waitSeconds}`), { headers: { authorization: `Bearer ${this.options.token}` }, signal });
    if (response.status === 204) return undefined;
    if (!response.ok) throw await failure(response);
    return payloadOf(await response.json());
  }

  async report(id: string, report: AgentActionReport, signal: AbortSignal): Promise<void> {
    const response = await fetch(this.url(`/api/agent/playbook/action/${encodeURIComponent(id)}/status`), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.any([signal, timeoutSignal(30_000)]),
    });
    if (!response.ok) throw await failure(response);
    await response.body?.cancel();
  }
}

/** An action's field of a secret or a value: upstream resolved the references, so it is the value written. */
const valueOf = (field: unknown): Promise<string | undefined> => Promise.resolve(envVarText(field));

/**
 * The action's fields as its runner takes them: with `templatesOn: agent` rendered here over the run
 * upstream sent, then given what the connection they name holds, as upstream does before sending.
 */
async function fieldsOf(options: PlaybookActionLoopOptions, action: AgentActionPayload, connection: (reference: string) => Promise<ResolvedConnection>): Promise<Record<string, unknown>> {
  if (action.templates_on !== 'agent' || !action.template_env) return action.spec;
  const rendered = await renderAction(options.sandbox, action.kind, action.spec, action.template_env);
  const reference = rendered['connection'];
  if (typeof reference !== 'string' || reference === '') return rendered;
  return isConnectionString(reference) ? connectionAsUrl(rendered, reference) : mergeConnection(await connection(reference), rendered);
}

/** Runs one action with the server's own runners, stopped by its timeout, by the loop stopping, or by upstream saying stop. */
async function runLocally(options: PlaybookActionLoopOptions, action: AgentActionPayload, stop: AbortSignal): Promise<ActionOutcome> {
  const timeout = timeoutSignal(Math.max(1, action.timeout_ms));
  const signal = AbortSignal.any([stop, timeout]);
  const connection = shippedConnection(action.connections);
  const context: ActionContext = {
    signal,
    sandbox: options.sandbox,
    secrets: options.secrets,
    userAgent: HTTP_USER_AGENT,
    value: valueOf,
    connection,
    ...(options.pool ? { pool: options.pool } : {}),
  };
  try {
    const outcome = await executeAction(action.kind, await fieldsOf(options, action, connection), context);
    if (timeout.aborted && !stop.aborted && !outcome.ok) return { ...outcome, error: `the action did not finish within ${formatDuration(action.timeout_ms)}` };
    if (stop.aborted) return { ...outcome, ok: false, error: (stop.reason as Error | undefined)?.message ?? 'stopped' };
    return outcome;
  } catch (error) {
    return { ok: false, result: {}, error: (error as Error).message };
  }
}

/** Whether upstream's answer means the action is no longer this agent's to run or report (cancelled, given up, unknown). */
const isFinal = (error: unknown): boolean => error instanceof UpstreamError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * Runs a claimed action: tells upstream it runs, keeps telling it while it does (upstream's refusal
 * stops the action: the run was cancelled or the action given up), then reports how it ended,
 * retrying that report through network errors until the loop stops.
 */
async function execute(options: PlaybookActionLoopOptions, upstream: Upstream, action: AgentActionPayload): Promise<void> {
  const stop = new AbortController();
  const stopWith = (message: string) => stop.abort(new Error(message));
  const onStopping = () => stopWith('the agent stopped during the action');
  options.signal.addEventListener('abort', onStopping, { once: true });
  try {
    await runAndReport(options, upstream, action, stop, stopWith);
  } finally {
    options.signal.removeEventListener('abort', onStopping);
  }
}

async function runAndReport(options: PlaybookActionLoopOptions, upstream: Upstream, action: AgentActionPayload, stop: AbortController, stopWith: (message: string) => void): Promise<void> {
  const heartbeat = async () => {
    try {
      await upstream.report(action.id, { status: 'running' }, stop.signal);
    } catch (error) {
      if (isFinal(error)) stopWith((error as Error).message);
      else options.log?.(`could not tell upstream action ${action.id} is running: ${(error as Error).message}`);
    }
  };
  await heartbeat();
  if (stop.signal.aborted && !options.signal.aborted) return;
  const timer = setInterval(() => void heartbeat(), options.heartbeatMs ?? 15_000);
  let outcome: ActionOutcome;
  try {
    outcome = await runLocally(options, action, stop.signal);
  } finally {
    clearInterval(timer);
  }
  if (stop.signal.aborted && !options.signal.aborted) return;
  const report: AgentActionReport = outcome.ok ? { status: 'completed', result: outcome.result } : { status: 'failed', result: outcome.result, error: outcome.error ?? 'failed' };
  const backoff = options.backoffMs ?? { first: 1_000, max: 30_000 };
  // A stopping agent still gets one attempt to say the action ended.
  const reportSignal = new AbortController().signal;
  for (let wait = backoff.first; ; wait = Math.min(wait * 2, backoff.max)) {
    try {
      await upstream.report(action.id, report, reportSignal);
      return;
    } catch (error) {
      options.log?.(`could not report action ${action.id}: ${(error as Error).message}`);
      if (isFinal(error) || options.signal.aborted) return;
      await sleep(wait, options.signal);
    }
  }
}

/**
 * The agent's side of `runsOn`: long-polls upstream for the actions given to this agent, runs each,
 * whatever its kind, with the same runners as the server (exec in the command sandbox, http, sql,
 * notification, gitops, logs over the agent's own log backends) and reports how it went. Network
 * errors and refusals are waited out with doubling waits. Settles once `signal` aborts.
 */
export async function startPlaybookActionLoop(options: PlaybookActionLoopOptions): Promise<void> {
  const upstream = new Upstream(options);
  const backoff = options.backoffMs ?? { first: 1_000, max: 30_000 };
  const waitSeconds = options.pollWaitSeconds ?? 30;
  let wait = backoff.first;
  while (!options.signal.aborted) {
    let action: AgentActionPayload | undefined;
    try {
      action = await upstream.take(waitSeconds);
      wait = backoff.first;
    } catch (error) {
      if (options.signal.aborted) break;
      options.log?.(`could not take a playbook action from upstream: ${(error as Error).message}`);
      await sleep(wait, options.signal);
      wait = Math.min(wait * 2, backoff.max);
      continue;
    }
    if (action) await execute(options, upstream, action);
  }
}
