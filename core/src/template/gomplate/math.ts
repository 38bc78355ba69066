import { between, variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { number } from './values.js';

/** gomplate's math namespace: ints stay ints, a float anywhere makes the answer a float. */

/** The most numbers Seq makes: more is a mistake, or an attempt to exhaust memory. */
const MAX_SEQ = 100_000;

const round = (value: number): number => (value < 0 ? -Math.round(-value) : Math.round(value));

function seq(...args: unknown[]): number[] {
  const values = args.map((arg) => Math.trunc(number(arg)));
  const [start, end, step] = values.length === 1 ? [1, values[0]!, undefined] : [values[0]!, values[1]!, values[2]];
  // The step follows the direction from start to end, whatever its sign (gomplate's Seq 10 -3 2 counts down).
  const by = Math.abs(step ?? 1) * (start <= end ? 1 : -1);
  if (by === 0) return [];
  if (Math.abs((end - start) / by) + 1 > MAX_SEQ) throw new Error(`math.Seq: more than ${MAX_SEQ} numbers`);
  const out: number[] = [];
  for (let n = start; by > 0 ? n <= end : n >= end; n += by) out.push(n);
  return out;
}

function isIntText(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^[+-]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]+|\d+)$/.test(value.trim());
}

function isFloatText(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isInteger(value);
  if (typeof value !== 'string') return false;
  const lower = value.trim().toLowerCase();
  return ['nan', 'inf', '+inf', '-inf'].includes(lower) || (/^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$/.test(lower) && !isIntText(value));
}

export const MATH: Readonly<Record<string, TemplateFunction>> = {
  Abs: (value) => Math.abs(number(value)),
  Add: variadic(0, (...values) => values.reduce<number>((sum, value) => sum + number(value), 0)),
  Sub: (a, b) => number(a) - number(b),
  Mul: variadic(0, (...values) => values.reduce<number>((product, value) => product * number(value), 1)),
  Div: (a, b) => {
    if (number(b) === 0) throw new Error('error: division by 0');
    return number(a) / number(b);
  },
  Rem: (a, b) => {
    if (Math.trunc(number(b)) === 0) throw new Error('error: division by 0');
    return Math.trunc(number(a)) % Math.trunc(number(b));
  },
  Pow: (a, b) => number(a) ** number(b),
  Ceil: (value) => Math.ceil(number(value)),
  Floor: (value) => Math.floor(number(value)),
  Round: (value) => round(number(value)),
  Max: variadic(1, (...values) => Math.max(...values.map((value) => number(value)))),
  Min: variadic(1, (...values) => Math.min(...values.map((value) => number(value)))),
  Seq: between(1, 3, seq),
  IsInt: (value) => isIntText(value),
  IsFloat: (value) => isFloatText(value),
  IsNum: (value) => isIntText(value) || isFloatText(value),
};

export const MATH_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  rem: MATH.Rem!,
  pow: MATH.Pow!,
};
