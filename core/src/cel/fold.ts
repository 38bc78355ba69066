import type { Environment } from '@marcbachmann/cel-js';
import { entriesOf, isDuration } from './values.js';

/**
 * Flanksource's `fold` macro: `[1, 2, 3].fold(e, acc, acc + e)` and
 * `{"a": "x"}.fold(k, v, acc, acc + v)`. The accumulator starts as the zero value of the first
 * element's type (0, '', [], {} …), map entries go in key order. The engine's macro interface
 * (expressions handed over unevaluated) is not in its type declarations, so it is described here.
 */

interface Ast {
  op: string;
  args: unknown;
}
interface Type {
  readonly kind: string;
}
interface Context {
  forkWithVariable(name: string, type: Type): Context;
  reuse(parent: Context): Context;
  setIterValue(value: unknown, evaluator: Evaluator): Context;
}
interface Checker {
  check(ast: Ast, context: Context): Type;
  getType(name: string): Type;
  createError(code: string, message: string, ast: Ast): Error;
}
interface Evaluator {
  run(ast: Ast, context: Context): unknown;
}
interface FoldMacro {
  receiver: Ast;
  names: string[];
  step: Ast;
  contexts?: Context[];
  typeCheck(checker: Checker, macro: FoldMacro, context: Context): Type;
  evaluate(evaluator: Evaluator, macro: FoldMacro, context: Context): unknown;
  async: false;
}

function zeroValue(first: unknown): unknown {
  if (typeof first === 'bigint') return 0n;
  if (typeof first === 'number') return 0;
  if (typeof first === 'string') return '';
  if (typeof first === 'boolean') return false;
  if (Array.isArray(first)) return [];
  if (first instanceof Uint8Array) return new Uint8Array();
  if (first instanceof Date || isDuration(first) || first === null || first === undefined) return null;
  if (typeof first === 'object') return {};
  return null;
}

function identifier(checker: Checker, ast: Ast): string {
  if (ast.op !== 'id' || typeof ast.args !== 'string') throw checker.createError('invalid_macro_argument', 'fold: argument must be a simple name', ast);
  return ast.args;
}

function typeCheck(checker: Checker, macro: FoldMacro, context: Context): Type {
  checker.check(macro.receiver, context);
  if (new Set(macro.names).size !== macro.names.length) throw checker.createError('invalid_macro_argument', 'fold variable names must be unique', macro.step);
  const dyn = checker.getType('dyn');
  const contexts: Context[] = [];
  let inner = context;
  for (const name of macro.names) {
    inner = inner.forkWithVariable(name, dyn);
    contexts.push(inner);
  }
  macro.contexts = contexts;
  checker.check(macro.step, inner);
  return dyn;
}

function evaluate(evaluator: Evaluator, macro: FoldMacro, context: Context): unknown {
  const target = evaluator.run(macro.receiver, context);
  const isMapFold = macro.names.length === 3;
  let rows: unknown[][];
  if (isMapFold) {
    if (Array.isArray(target) || target === null || typeof target !== 'object') throw new Error('fold target is not a map');
    const entries = entriesOf(target);
    rows = Object.keys(entries)
      .sort()
      .map((key) => [key, entries[key]]);
  } else {
    if (!Array.isArray(target)) throw new Error('fold target is not a list');
    rows = target.map((item: unknown) => [item]);
  }
  if (rows.length === 0) return null;
  let accumulator = zeroValue(rows[0]![rows[0]!.length - 1]);
  for (const row of rows) {
    let inner = context;
    [...row, accumulator].forEach((value, index) => {
      inner = macro.contexts![index]!.reuse(inner).setIterValue(value, evaluator);
    });
    accumulator = evaluator.run(macro.step, inner);
    if (accumulator instanceof Promise) throw new Error('fold: the step cannot call jq');
  }
  return accumulator;
}

function expander(arity: 3 | 4) {
  return ({ args, receiver }: { args: Ast[]; receiver: Ast }): FoldMacro => ({
    receiver,
    names: args.slice(0, arity - 1).map((ast) => (ast.op === 'id' && typeof ast.args === 'string' ? ast.args : '')),
    step: args[arity - 1]!,
    typeCheck: (checker, macro, context) => {
      args.slice(0, arity - 1).forEach((ast) => identifier(checker, ast));
      return typeCheck(checker, macro, context);
    },
    evaluate,
    async: false,
  });
}

export function registerFold(environment: Environment): Environment {
  const register = environment.registerFunction.bind(environment) as (signature: string, handler: unknown) => Environment;
  register('list.fold(ast, ast, ast): dyn', expander(3));
  register('map.fold(ast, ast, ast, ast): dyn', expander(4));
  return environment;
}
