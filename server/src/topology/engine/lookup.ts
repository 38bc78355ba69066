import { envVarText, isRecord, SPEC_SECRET_RULES } from '@pharos/core';
import type pg from 'pg';
import { resolveConnection } from '../../connections/resolve.js';
import { withConnection } from '../../connections/with-connection.js';
import { javascriptOver } from '../../expressions/javascript-over.js';
import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import { applyExpressions } from '../../health/evaluate.js';
import { whyNotRun } from '../../health/not-run-here.js';
import { CHECK_RUNNERS, checkTimeoutMs, HTTP_USER_AGENT, type CheckOutcome, type RunContext } from '../../health/runners/index.js';
import { resolveValue } from '../../secret-store/resolve.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { openSealedUrls } from '../../secrets/spec-secrets.js';
import type { LookupSpec } from './spec.js';
import { timeoutSignal } from '../../modules/timeout-signal.js';

/** What running lookups needs: the database, the sandbox for display expressions and secrets for connections. */
export interface LookupOptions {
  pool: pg.Pool;
  sandbox: ExpressionSandbox;
  secrets: ServerSecrets;
}

/** Longest one lookup check may take, unless its spec says `timeout` (ms). */
const LOOKUP_TIMEOUT_MS = 30_000;

/** A lookup whose check failed: the component or property it fills is left as it was. */
export class LookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LookupError';
  }
}

function hasDisplay(spec: Record<string, unknown>): boolean {
  const display = spec['display'];
  return isRecord(display) && ((typeof display['template'] === 'string' && display['template'] !== '') || (typeof display['expr'] === 'string' && display['expr'] !== ''));
}

/**
 * A check's result as canary-checker's lookups read it: the displayed message when the check has a
 * `display`, else what it found: the rows of a query, the items of a catalog query, the stdout of a
 * script, the JSON (else the body) of an HTTP call.
 */
function resultsOf(type: string, spec: Record<string, unknown>, outcome: CheckOutcome): unknown[] {
  if (hasDisplay(spec) && outcome.message !== undefined) return [outcome.message];
  const data = outcome.data;
  switch (type) {
    case 'exec':
      return [String(data['stdout'] ?? '')];
    case 'sql':
    case 'postgres':
    case 'mysql':
      return Array.isArray(data['rows']) ? data['rows'] : [];
    case 'catalog':
      return Array.isArray(data['results']) ? data['results'] : [];
    case 'http': {
      const json = data['json'];
      if (Array.isArray(json)) return json;
      return [json ?? String(data['content'] ?? '')];
    }
    default:
      return [data];
  }
}

async function runOne(options: LookupOptions, type: string, spec: Record<string, unknown>, namespace: string, signal: AbortSignal): Promise<unknown[]> {
  const runner = CHECK_RUNNERS[type];
  if (!runner) throw new LookupError(`${type} lookup: ${whyNotRun(type)}`);
  const context: RunContext = {
    signal: AbortSignal.any([signal, timeoutSignal(checkTimeoutMs(type, spec) ?? LOOKUP_TIMEOUT_MS)]),
    userAgent: HTTP_USER_AGENT,
    pool: options.pool,
    connection: (reference) => resolveConnection(options.pool, options.secrets, reference, namespace),
    value: async (field) => {
      const text = envVarText(field);
      return text === undefined ? undefined : resolveValue(options.pool, options.secrets, text, namespace);
    },
  };
  let outcome: CheckOutcome;
  try {
    const resolved = await withConnection(options.pool, options.secrets, openSealedUrls(spec, SPEC_SECRET_RULES.Topology, options.secrets), namespace);
    outcome = await applyExpressions(options.sandbox, resolved, await runner(resolved, context));
  } catch (error) {
    throw new LookupError(`${type} lookup failed: ${(error as Error).message}`);
  }
  if (!outcome.pass) throw new LookupError(`${type} lookup${typeof spec['name'] === 'string' ? ` ${spec['name']}` : ''} failed: ${outcome.error ?? 'failed'}`);
  if (type === 'kubernetes' && !hasDisplay(spec)) return kubernetesComponents(options.sandbox, outcome.data['results']);
  return resultsOf(type, spec, outcome);
}

/**
 * A kubernetes lookup without a `display` gives a component per object (nodes with their Node info,
 * pods with their logs), by the same `k8s` library its scripts call, in the sandbox.
 */
async function kubernetesComponents(sandbox: ExpressionSandbox, results: unknown): Promise<unknown[]> {
  const variables = { results: Array.isArray(results) ? results : [] };
  const components = await sandbox.runJavascript(javascriptOver('k8s.components(results)', variables), variables);
  return Array.isArray(components) ? components : [];
}

/** Runs every check of a lookup, in order, without saving anything, and answers their results one after another. */
export async function runLookup(options: LookupOptions, lookup: LookupSpec, namespace: string, signal: AbortSignal): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const [type, checks] of Object.entries(lookup)) {
    if (!Array.isArray(checks)) continue;
    for (const check of checks) {
      if (isRecord(check)) results.push(...(await runOne(options, type, check, namespace, signal)));
    }
  }
  return results;
}
