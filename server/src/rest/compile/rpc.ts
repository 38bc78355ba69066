import { RestError } from '../errors.js';
import type { FunctionInfo, RelationInfo, SchemaModel } from '../schema/model.js';
import type { ReadSource } from './read.js';
import { ident, qualified, type Params } from './sql.js';

/** The overload whose parameters cover the given argument names and whose required ones are all given. */
export function chooseFunction(schema: SchemaModel, name: string, argNames: readonly string[]): FunctionInfo {
  const overloads = schema.functions.get(name) ?? [];
  const match = overloads.find(
    (fn) => argNames.every((a) => fn.args.some((p) => p.name === a)) && fn.args.every((p) => p.hasDefault || argNames.includes(p.name)),
  );
  if (!match) {
    const signature = argNames.length > 0 ? `with parameters ${argNames.join(', ')}` : 'without parameters';
    const known = overloads.map((fn) => `${name}(${fn.args.map((a) => `${a.name}${a.hasDefault ? '?' : ''}`).join(', ')})`).join('; ');
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name} ${signature} in the schema cache`,
      known === '' ? null : `Known signatures: ${known}`,
    );
  }
  return match;
}

/** Every argument name any overload accepts; used to tell arguments from filters in a GET. */
export function argumentNames(schema: SchemaModel, name: string): Set<string> {
  return new Set((schema.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
}

function bindArgument(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function callSql(fn: FunctionInfo, args: ReadonlyMap<string, unknown>, params: Params): string {
  const bound = fn.args
    .filter((a) => args.has(a.name))
    .map((a) => `${ident(a.name)} => ${params.add(bindArgument(args.get(a.name), a.type), a.type)}`);
  return `${qualified(fn.name)}(${bound.join(', ')})`;
}

/** A function returning rows reads like a relation: select, filters and order apply to its result. */
export function functionRowsSource(fn: FunctionInfo, args: ReadonlyMap<string, unknown>, params: Params): ReadSource | undefined {
  if (!fn.columns) return undefined;
  const relation: RelationInfo = {
    name: fn.name,
    kind: 'view',
    columns: fn.columns,
    columnsByName: new Map(fn.columns.map((c) => [c.name, c])),
    primaryKey: [],
    resource: fn.resource,
  };
  return { sql: callSql(fn, args, params), relation };
}

/** `SELECT to_json(fn(...))` for a function returning a single value or a set of scalars. */
export function scalarCallSql(fn: FunctionInfo, args: ReadonlyMap<string, unknown>, params: Params): string {
  const call = callSql(fn, args, params);
  return fn.returnsSet
    ? `SELECT coalesce(json_agg("r"), '[]')::text AS "body" FROM ${call} AS "r"`
    : `SELECT to_json(${call})::text AS "body"`;
}
