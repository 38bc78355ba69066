import { isRecord, parseGoDuration } from '@pharos/core';
import type { ExpressionSandbox } from '../expressions/sandbox.js';

/** An earlier action of the run, as `if`, `delay` and templates see it. */
export interface ActionState {
  name: string;
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** What templates and expressions of a run see: `.config`/`.component`/`.check` (and its `.agent`), `.params`, `.user`, `.run`, `.env`, `.actions`. */
export interface RunEnvironment {
  config?: Record<string, unknown>;
  component?: Record<string, unknown>;
  check?: Record<string, unknown>;
  /** The agent the resource belongs to (id, name, description, hostname), when it is an agent's. */
  agent?: Record<string, unknown>;
  params: Record<string, unknown>;
  user: Record<string, unknown> | null;
  run: { id: string; playbook_id: string };
  playbook: { id: string; name: string; title: string };
  env: Record<string, string>;
  /** Earlier actions by name. */
  actions: Record<string, ActionState>;
  /** The event that started the run. */
  event?: Record<string, unknown>;
  /** The webhook request that started the run. */
  request?: Record<string, unknown>;
}

/**
 * mission-control's action functions in CEL: `success()` (no earlier action failed), `failure()`
 * (one did), `always()`, `skipped()` and `getAction("name")`. They become variables of the evaluation.
 */
function withActionFunctions(expression: string): string {
  return expression
    .replace(/\balways\(\s*\)/g, 'true')
    .replace(/\bsuccess\(\s*\)/g, 'pharos_success')
    .replace(/\bfailure\(\s*\)/g, 'pharos_failure')
    .replace(/\bskipped\(\s*\)/g, 'pharos_skipped')
    .replace(/\bgetAction\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)/g, 'pharos_actions[$1]');
}

function variablesOf(environment: RunEnvironment): Record<string, unknown> {
  const earlier = Object.values(environment.actions);
  return {
    ...environment,
    pharos_success: earlier.every((action) => action.status !== 'failed'),
    pharos_failure: earlier.some((action) => action.status === 'failed'),
    pharos_skipped: earlier.some((action) => action.status === 'skipped'),
    pharos_actions: environment.actions,
  };
}

/** Conditions that are one action function alone, answered without the sandbox (most actions have none, i.e. `success()`). */
const PLAIN_CONDITIONS: Readonly<Record<string, (variables: Record<string, unknown>) => unknown>> = {
  'success()': (variables) => variables['pharos_success'],
  'failure()': (variables) => variables['pharos_failure'],
  'always()': () => true,
  'skipped()': (variables) => variables['pharos_skipped'],
};

/** Whether the action runs: its `if` (CEL) over the run, `success()` when it has none. */
export async function shouldRun(sandbox: ExpressionSandbox, condition: string | undefined, environment: RunEnvironment): Promise<boolean> {
  const text = (condition ?? 'success()').trim();
  const variables = variablesOf(environment);
  const plain = PLAIN_CONDITIONS[text];
  const value = plain ? plain(variables) : await sandbox.evaluateCel(withActionFunctions(text), variables);
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`if: '${condition}' gave ${JSON.stringify(value)}, not true or false`);
}

/** The wait before an action in ms: a duration (`30s`), or CEL giving a duration text or seconds. */
export async function delayMs(sandbox: ExpressionSandbox, delay: string | undefined, environment: RunEnvironment): Promise<number> {
  if (!delay) return 0;
  try {
    return parseGoDuration(delay);
  } catch {
    // not a plain duration: an expression
  }
  const value = await sandbox.evaluateCel(withActionFunctions(delay), variablesOf(environment));
  if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, value * 1000);
  if (typeof value === 'string') return parseGoDuration(value);
  throw new Error(`delay: '${delay}' gave ${JSON.stringify(value)}, not a duration`);
}

export interface RenderOptions {
  /** Texts in `$(…)` are templates too (not in exec scripts, where `$(…)` is the shell's command substitution). */
  dollar?: boolean;
}

/**
 * The action's fields with every text holding `{{` rendered as a Go template over the run; with
 * `dollar`, a text without `{{` holding `$(` is rendered in those delimiters (`$(.params.x)`,
 * `$(params.x)`), as mission-control renders both forms. Each text is rendered once, so a value
 * a template gives is never read as a template again.
 */
export async function renderFields(sandbox: ExpressionSandbox, value: unknown, environment: RunEnvironment, options: RenderOptions = {}): Promise<unknown> {
  if (typeof value === 'string') {
    if (value.includes('{{')) return sandbox.renderTemplate(value, environment);
    return options.dollar && value.includes('$(') ? sandbox.renderDollarTemplate(value, { ...environment }) : value;
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => renderFields(sandbox, item, environment, options)));
  if (isRecord(value)) {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await renderFields(sandbox, item, environment, options)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}
