import { Environment, EvaluationError, Optional, ParseError, TypeError as CelTypeError } from '@marcbachmann/cel-js';
import { parseGoDuration } from '../template/time.js';
import { registerExtensions } from './extensions.js';
import { registerRe2Matches, useRe2Matches, withEngineNames } from './re2-matches.js';
import { positionOf } from '../template/lex.js';

/**
 * CEL as Flanksource specs use it (`test.expr`, `filter`, `if`, `display.expr`, `transform.expr`):
 * the CEL specification through @marcbachmann/cel-js, with optional fields (`.?a.orValue(x)`),
 * undeclared variables as dyn, and the extra functions those specs call.
 */

/** A CEL expression that does not parse, type-check or evaluate, with where: line and column from 1. */
export class CelError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly col: number,
  ) {
    super(`${line}:${col}: ${reason}`);
    this.name = 'CelError';
  }
}

interface DurationLike {
  valueOf(): number;
}
type DurationClass = { fromMilliseconds(ms: number): DurationLike };

const base = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true, homogeneousAggregateLiterals: false });
const Duration = (base.evaluate('duration("0s")') as object).constructor as unknown as DurationClass;

/** A duration for the variables of an expression (`sslAge > Duration('7d')`). */
export function celDuration(milliseconds: number): unknown {
  return Duration.fromMilliseconds(milliseconds);
}

function isDuration(value: unknown): value is DurationLike {
  return value instanceof (Duration as unknown as new () => object);
}

function toMilliseconds(time: unknown): number {
  if (time instanceof Date) return time.getTime();
  const parsed = Date.parse(String(time));
  if (Number.isNaN(parsed)) throw new Error(`cannot read ${JSON.stringify(time)} as a time`);
  return parsed;
}

/** JSON of a CEL value: ints as numbers, durations as Go duration strings, times as RFC 3339. */
function toJson(value: unknown, indent?: string): string {
  return JSON.stringify(fromCel(value), null, indent);
}

/** Runs a jq filter over a JSON text, answering the outputs (one per line); set where jq is loaded. */
export type JqRunner = (input: string, filter: string) => Promise<string>;
let jqRunner: JqRunner | undefined;

/** Makes `jq(filter, value)` available: the server loads jq (WebAssembly) and hands its runner here. */
export function setJqRunner(runner: JqRunner): void {
  jqRunner = runner;
}

/** `jq(".items | map(.name)", data)`: one output as it is, several as a list. */
async function jq(filter: string, value: unknown): Promise<unknown> {
  if (!jqRunner) throw new Error('jq is not available here: it runs in the expressions the server evaluates');
  const output = (await jqRunner(JSON.stringify(fromCel(value)), filter)).trim();
  const results = output === '' ? [] : output.split('\n').map((line) => JSON.parse(line) as unknown);
  return toCel(results.length === 1 ? results[0] : results);
}

const environment = registerRe2Matches(registerExtensions(base))
  .registerFunction('jq(string, dyn): dyn', jq)
  .registerFunction('Duration(string): google.protobuf.Duration', (text: string) => Duration.fromMilliseconds(parseGoDuration(text)))
  .registerFunction('age(google.protobuf.Timestamp): google.protobuf.Duration', (time: Date) => Duration.fromMilliseconds(Date.now() - time.getTime()))
  .registerFunction('age(string): google.protobuf.Duration', (time: string) => Duration.fromMilliseconds(Date.now() - toMilliseconds(time)))
  .registerFunction('toJSON(dyn): string', (value: unknown) => toJson(value))
  .registerFunction('toJSONPretty(dyn): string', (value: unknown) => toJson(value, '  '))
  .registerFunction('JSON(string): dyn', (text: string) => toCel(JSON.parse(text)))
  .registerFunction('JSONArray(string): list', (text: string) => toCel(JSON.parse(text)));

// The method forms Flanksource specs write: `results.map(r, {...}).toJSON()`, `labels.omit(['alertname'])`.
for (const receiverType of ['list', 'map']) {
  environment.registerFunction({ name: 'toJSON', receiverType, returnType: 'string', params: [], handler: (value: unknown) => toJson(value) });
}
environment.registerFunction({
  name: 'omit',
  receiverType: 'map',
  returnType: 'map',
  params: [{ name: 'keys', type: 'list' }],
  handler: (map: unknown, keys: unknown) => {
    const left = new Set((keys as unknown[]).map(String));
    if (map instanceof Map) return new Map([...map.entries()].filter(([key]) => !left.has(String(key))));
    return Object.fromEntries(Object.entries(map as Record<string, unknown>).filter(([key]) => !left.has(key)));
  },
});

/** Values in: whole numbers become CEL ints (as Go's ints are), so `code == 200` and `count + 1` work. */
export function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value === null || typeof value !== 'object') return value;
  // Plain objects only: dates, durations and other CEL values pass as they are.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = toCel(item);
  return out;
}

/** Values out: ints as numbers where they fit, optionals unwrapped, durations in milliseconds. */
export function fromCel(value: unknown): unknown {
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  if (value instanceof Optional) return value.hasValue() ? fromCel(value.value()) : null;
  if (isDuration(value)) return value.valueOf();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map) return Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), fromCel(item)]));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromCel(item)]));
  return value;
}

type Compiled = ReturnType<Environment['parse']>;
const compiled = new Map<string, Compiled>();
const CACHE_SIZE = 1000;

function located(expression: string, error: unknown): CelError {
  if (error instanceof ParseError || error instanceof EvaluationError || error instanceof CelTypeError) {
    const details = error as Error & { range?: { start: number }; summary?: string };
    const { line, col } = positionOf(expression, details.range?.start ?? 0);
    return new CelError(withEngineNames(details.summary ?? error.message.split('\n')[0] ?? error.message), line, col);
  }
  return new CelError(error instanceof Error ? error.message : String(error), 1, 1);
}

/** Parses once (the last 1,000 expressions kept); a syntax error names its line and column. */
export function compileCel(expression: string): Compiled {
  let program = compiled.get(expression);
  if (!program) {
    try {
      program = environment.parse(expression);
      useRe2Matches(program.ast);
    } catch (error) {
      throw located(expression, error);
    }
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(expression, program);
  }
  return program;
}

/** The longest CEL text accepted where one is written (a filter, a test): far beyond any real expression. */
export const MAX_CEL_LENGTH = 20_000;

/**
 * Checks that an expression parses, where it is saved, without evaluating or caching it: bounded in
 * time and memory by its length and the parser's depth and node limits.
 */
export function validateCel(expression: string): void {
  if (expression.length > MAX_CEL_LENGTH) throw new CelError(`the expression is ${expression.length} characters long, more than the ${MAX_CEL_LENGTH} allowed`, 1, 1);
  try {
    environment.parse(expression);
  } catch (error) {
    throw located(expression, error);
  }
}

/** Evaluates a CEL expression over `variables` (plain JSON-like values); the result as plain values. */
export function evaluateCel(expression: string, variables: Record<string, unknown> = {}): unknown {
  const program = compileCel(expression);
  let result: unknown;
  try {
    result = program(toCel(variables) as Record<string, unknown>);
  } catch (error) {
    throw located(expression, error);
  }
  if (result instanceof Promise) {
    result.catch(() => undefined);
    throw new CelError('this expression calls jq, which only evaluateCelAsync can wait for', 1, 1);
  }
  return fromCel(result);
}

/** evaluateCel for expressions that may call asynchronous functions (jq). */
export async function evaluateCelAsync(expression: string, variables: Record<string, unknown> = {}): Promise<unknown> {
  const program = compileCel(expression);
  try {
    return fromCel(await program(toCel(variables) as Record<string, unknown>));
  } catch (error) {
    throw located(expression, error);
  }
}

/** A `test` or `filter`: true only for a boolean true (anything else is a mistake the caller reports). */
export function celIsTrue(expression: string, variables: Record<string, unknown> = {}): boolean {
  const result = evaluateCel(expression, variables);
  if (typeof result !== 'boolean') throw new CelError(`expected a boolean, got ${JSON.stringify(result)}`, 1, 1);
  return result;
}

/** What the `if` of a playbook action sees of its run: whether an earlier action failed, and each action's outcome. */
export interface PlaybookRunContext {
  failed: boolean;
  actions: Readonly<Record<string, { status: string; result?: unknown; error?: string | null }>>;
}

/** Evaluates an action's `if`: success(), failure() and always() tell how the run went so far, getAction("name") an action's outcome. */
export function evaluatePlaybookCel(expression: string, variables: Record<string, unknown>, run: PlaybookRunContext): unknown {
  const playbook = environment
    .clone()
    .registerFunction('success(): bool', () => !run.failed)
    .registerFunction('failure(): bool', () => run.failed)
    .registerFunction('always(): bool', () => true)
    .registerFunction('getAction(string): map', (name: string) => toCel(run.actions[name] ?? {}));
  try {
    const program = playbook.parse(expression);
    useRe2Matches(program.ast);
    return fromCel(program(toCel(variables) as Record<string, unknown>));
  } catch (error) {
    throw located(expression, error);
  }
}
