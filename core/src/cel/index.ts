import { Environment, EvaluationError, ParseError, TypeError as CelTypeError } from '@marcbachmann/cel-js';
import { registerFold } from './fold.js';
import { CEL_NAMESPACES, registerCelFunctions } from './functions/index.js';
import { fromCel, toCel } from './values.js';
import { registerOverrides, useOverrides, withEngineNames } from './overrides.js';
import { positionOf } from '../template/lex.js';
import { registerVariableFunctions } from './variable-functions.js';

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

export { celDuration, fromCel, toCel } from './values.js';

const base = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true, homogeneousAggregateLiterals: false });

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
  // A JSON text is read as the document it holds, as gomplate's jq reads one.
  const input = typeof value === 'string' && /^\s*[[{"]/.test(value) ? value : JSON.stringify(fromCel(value));
  const output = (await jqRunner(input, filter)).trim();
  const results = output === '' ? [] : output.split('\n').map((line) => JSON.parse(line) as unknown);
  return toCel(results.length === 1 ? results[0] : results);
}

const environment = registerVariableFunctions(registerOverrides(registerFold(registerCelFunctions(base))).registerFunction('jq(string, dyn): dyn', jq));

type Compiled = ReturnType<Environment['parse']>;
const compiled = new Map<string, Compiled>();
const CACHE_SIZE = 1000;

/** The caller's variables as CEL values, with the function namespaces under the names the caller leaves free. */
function variablesOf(variables: Record<string, unknown>): Record<string, unknown> {
  return { ...CEL_NAMESPACES, ...(toCel(variables) as Record<string, unknown>) };
}

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
      useOverrides(program.ast);
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
    result = program(variablesOf(variables));
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
    return fromCel(await program(variablesOf(variables)));
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
    useOverrides(program.ast);
    return fromCel(program(variablesOf(variables)));
  } catch (error) {
    throw located(expression, error);
  }
}
