import { between } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { goTypeName } from '../format.js';
import { text, toBool } from './values.js';

/** gomplate's test namespace: kinds, assertions and failing on purpose. */

/** gomplate's and sprig's kind names: Go's reflect kinds (IsKind also takes `number` for any number). */
export function kindOf(value: unknown): string {
  if (value === undefined || value === null) return 'invalid';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'slice';
  if (value instanceof Date) return 'struct';
  return 'map';
}

function fail(...args: unknown[]): never {
  throw new Error(args.length === 0 ? 'template generation failed' : `template generation failed: ${text(args[0])}`);
}

function required(...args: unknown[]): unknown {
  const [message, value] = args.length === 1 ? [undefined, args[0]] : [text(args[0]), args[1]];
  if (value === undefined || value === null) throw new Error(message ?? 'can not render template: a required value was not set');
  if (value === '') throw new Error(message ?? 'can not render template: a required value was set but empty');
  return value;
}

function assert(...args: unknown[]): string {
  const [message, value] = args.length === 1 ? [undefined, args[0]] : [text(args[0]), args[1]];
  if (value !== true && !(typeof value === 'string' && value === 'true')) throw new Error(message === undefined ? 'assertion failed' : `assertion failed: ${message}`);
  return '';
}

export const TEST: Readonly<Record<string, TemplateFunction>> = {
  Assert: between(1, 2, assert),
  Fail: between(0, 1, fail),
  Required: between(1, 2, required),
  Ternary: (yes, no, condition) => (toBool(condition) ? yes : no),
  Kind: (value) => kindOf(value),
  IsKind: (kind, value) => (text(kind) === 'number' ? typeof value === 'number' : text(kind) === kindOf(value) || (text(kind) === 'float' && typeof value === 'number')),
  TypeOf: (value) => goTypeName(value),
};

export const TEST_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  assert: TEST.Assert!,
  kind: TEST.Kind!,
  isKind: TEST.IsKind!,
};
