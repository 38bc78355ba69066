import { isRecord } from '@pharos/core';
import { javascriptOver } from '../expressions/javascript-over.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { expressionVariables, templateVariables, type CheckScope } from './expression-variables.js';
import type { CheckOutcome, ChildCheck } from './runners/types.js';

/**
 * A check's `transform`, as canary-checker applies it: a CEL `expr`, Go `template` or `javascript` over the
 * run's variables (and its `pass`, `message`, `error`, `duration`) that gives JSON, one result or a
 * list of them.
 * - Results named (other than the check): each is a check of its own under that name (the same
 *   name across runs is the same check), made by the run as the junit suites are; the check's own
 *   result is kept as the run gave it, without its detail.
 * - One result without a name: it changes the check's own result (`pass`, `message`, `error`,
 *   `duration`, `detail`, `data`), and `test` and `display` then apply as usual.
 * - An empty list: no checks (those made before are removed), and the check fails only when
 *   `markFailOnEmpty`.
 */

interface TransformSpec {
  expr?: unknown;
  template?: unknown;
  javascript?: unknown;
  jsonPath?: unknown;
}

/** What a transform did to a run's outcome. */
export interface Transformed {
  outcome: CheckOutcome;
  /** The result now stands for other checks: `test` and `display` do not apply to it. */
  madeChecks: boolean;
  /** The variables to keep as the check's detail once `test` and `display` have run. */
  detail?: Record<string, unknown>;
}

/** An error of the spec's transform, reported on the check as canary-checker words it. */
class TransformError extends Error {}

const STRING_FIELDS = ['name', 'message', 'error', 'description', 'icon', 'namespace', 'endpoint', 'transformDeleteStrategy'] as const;

function field<T>(entry: Record<string, unknown>, key: string, where: string, type: 'string' | 'boolean' | 'number'): T | undefined {
  const value = entry[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type) throw new TransformError(`${where}: ${key} must be a ${type}, not ${JSON.stringify(value)}`);
  return value as T;
}

/** A result's fields, checked: canary-checker refuses a result whose fields have the wrong type too. */
function readEntry(entry: unknown, where: string) {
  if (!isRecord(entry)) throw new TransformError(`${where} is ${JSON.stringify(entry)}, not an object`);
  const strings = Object.fromEntries(STRING_FIELDS.map((key) => [key, field<string>(entry, key, where, 'string') || undefined])) as Partial<Record<(typeof STRING_FIELDS)[number], string>>;
  const duration = field<number>(entry, 'duration', where, 'number');
  const labels = entry['labels'];
  if (labels !== undefined && labels !== null && !isRecord(labels)) throw new TransformError(`${where}: labels must be an object, not ${JSON.stringify(labels)}`);
  const data = entry['data'];
  if (data !== undefined && data !== null && !isRecord(data)) throw new TransformError(`${where}: data must be an object, not ${JSON.stringify(data)}`);
  return {
    ...strings,
    pass: field<boolean>(entry, 'pass', where, 'boolean'),
    invalid: field<boolean>(entry, 'invalid', where, 'boolean'),
    duration: duration === undefined ? undefined : Math.max(0, Math.round(duration)),
    labels: labels ? Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])) : undefined,
    detail: entry['detail'],
    data: data ?? undefined,
  };
}

type Entry = ReturnType<typeof readEntry>;

function detailOf(entry: Entry): Record<string, unknown> {
  const detail = entry.detail === undefined || entry.detail === null ? {} : isRecord(entry.detail) ? entry.detail : { detail: entry.detail };
  return { ...entry.data, ...detail };
}

/** The transform's output as JSON: CEL may give the value itself, or text (`….toJSON()`); a script's last value. */
async function evaluate(sandbox: ExpressionSandbox, transform: TransformSpec, variables: Record<string, unknown>, durations: readonly string[]): Promise<unknown> {
  let output: unknown;
  if (typeof transform.expr === 'string' && transform.expr.trim() !== '') {
    output = await sandbox.evaluateCel(transform.expr, variables, durations);
  } else if (typeof transform.template === 'string' && transform.template.trim() !== '') {
    output = await sandbox.renderTemplate(transform.template, templateVariables(variables, durations), 'transform');
  } else if (typeof transform.javascript === 'string' && transform.javascript.trim() !== '') {
    output = await sandbox.runJavascript(javascriptOver(transform.javascript, variables), variables);
  } else {
    throw new TransformError('transform.jsonPath is not supported: write the transform as expr (CEL), template (Go template) or javascript');
  }
  if (typeof output !== 'string') return output;
  if (output.trim() === '') throw new TransformError('the transform gave nothing: it must give a result or a list of results as JSON');
  try {
    return JSON.parse(output) as unknown;
  } catch (error) {
    throw new TransformError(`the transform did not give JSON (${(error as Error).message}): ${output.length > 200 ? `${output.slice(0, 200)}…` : output}`);
  }
}

function childOf(entry: Entry, spec: Record<string, unknown>): ChildCheck {
  const parentText = (key: string) => (typeof spec[key] === 'string' && spec[key] !== '' ? spec[key] : undefined);
  const description = entry.description ?? parentText('description');
  const icon = entry.icon ?? parentText('icon');
  const deleteStrategy = entry.transformDeleteStrategy ?? parentText('transformDeleteStrategy');
  return {
    name: entry.name!,
    ownName: true,
    outcome: {
      pass: entry.pass ?? false,
      duration: entry.duration ?? 0,
      ...(entry.message ? { message: entry.message } : {}),
      ...(entry.error ? { error: entry.error } : {}),
      data: detailOf(entry),
    },
    labels: entry.labels ?? {},
    ...(entry.invalid ? { invalid: true } : {}),
    ...(description ? { description } : {}),
    ...(icon ? { icon } : {}),
    ...(entry.namespace ? { namespace: entry.namespace } : {}),
    ...(entry.endpoint ? { endpoint: entry.endpoint } : {}),
    ...(deleteStrategy ? { deleteStrategy } : {}),
  };
}

async function transformed(sandbox: ExpressionSandbox, spec: Record<string, unknown>, outcome: CheckOutcome, durations: readonly string[], scope: CheckScope | undefined): Promise<Transformed> {
  const output = await evaluate(sandbox, spec['transform'] as TransformSpec, expressionVariables(outcome, scope), durations);
  const list = Array.isArray(output) ? output : [output];
  if (list.some((entry) => isRecord(entry) && 'spec' in entry)) throw new TransformError('a transform that gives canaries (entries with a spec) is not supported: give check results');
  if (list.length === 0) {
    if (spec['markFailOnEmpty'] === true) return { outcome: { ...outcome, pass: false, error: 'empty result returned from transformation', children: [] }, madeChecks: false };
    return { outcome: { ...outcome, data: {}, children: [] }, madeChecks: true };
  }
  const entries = list.map((entry, index) => readEntry(entry, list.length > 1 ? `result ${index + 1} of the transform` : 'the transform result'));
  const ownName = typeof spec['name'] === 'string' ? spec['name'] : undefined;
  const first = entries[0]!;
  if (first.name !== undefined && first.name !== ownName) {
    const unnamed = entries.findIndex((entry) => entry.name === undefined);
    if (unnamed >= 0) throw new TransformError(`result ${unnamed + 1} of the transform has no name, and every check it makes needs one`);
    return { outcome: { ...outcome, data: {}, children: entries.map((entry) => childOf(entry, spec)) }, madeChecks: true };
  }
  if (first.name !== undefined) throw new TransformError(`the transform result is named ${first.name}, as the check itself: leave the name out to change the check's own result`);
  if (entries.length > 1) throw new TransformError('transformation returned more than 1 entry without a name');
  const result: CheckOutcome = {
    ...outcome,
    ...(first.pass !== undefined ? { pass: first.pass } : {}),
    ...(first.duration !== undefined ? { duration: first.duration } : {}),
    ...(first.message ? { message: first.message } : {}),
    ...(first.error ? { error: first.error } : {}),
  };
  if (first.detail === '$delete') return { outcome: result, madeChecks: false, detail: { ...first.data } };
  if (first.detail === undefined && first.data === undefined) return { outcome: result, madeChecks: false };
  return { outcome: result, madeChecks: false, detail: first.detail === undefined ? { ...outcome.data, ...first.data } : detailOf(first) };
}

/** Applies the spec's `transform`, if it has one; an expression that errs fails the check as `invalid` (as canary-checker writes it), which keeps the checks it made before. */
export async function applyTransform(sandbox: ExpressionSandbox, spec: Record<string, unknown>, outcome: CheckOutcome, durations: readonly string[] = [], scope?: CheckScope): Promise<Transformed> {
  const transform = spec['transform'];
  if (!isRecord(transform) || !['expr', 'template', 'javascript', 'jsonPath'].some((key) => typeof transform[key] === 'string' && (transform[key] as string).trim() !== '')) {
    return { outcome, madeChecks: false };
  }
  try {
    return await transformed(sandbox, spec, outcome, durations, scope);
  } catch (error) {
    const why = `error transforming result: ${(error as Error).message}`;
    return { outcome: { ...outcome, pass: false, invalid: true, error: outcome.error ? `${outcome.error}; ${why}` : why }, madeChecks: false };
  }
}
