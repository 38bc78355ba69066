import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { celNumber, numberOf } from '../values.js';
import { MAX_RANGE } from './collections.js';

/** cel-go's math extension (`math.greatest`, `math.ceil` …) and gomplate's math namespace (`math.Add` …). */

type Num = bigint | number;

const isInt = (value: unknown): value is bigint => typeof value === 'bigint';
const unwrap = (value: unknown): unknown => (value !== null && typeof value === 'object' && typeof value.valueOf() === 'bigint' ? value.valueOf() : value);

function numbers(values: unknown[]): Num[] {
  return values.map(unwrap).map((value) => (isInt(value) ? value : numberOf(value)));
}

/** Whole when every operand is whole (as gomplate answers int64), else a double. */
function combine(values: unknown[], whole: (a: bigint, b: bigint) => bigint, real: (a: number, b: number) => number, start: Num): Num {
  return numbers(values).reduce<Num>((acc, value) => (isInt(acc) && isInt(value) ? whole(acc, value) : real(Number(acc), Number(value))), start);
}

function divide(a: unknown, b: unknown): number {
  const divisor = numberOf(unwrap(b));
  if (divisor === 0) throw new Error('error: division by 0');
  return numberOf(unwrap(a)) / divisor;
}

function extreme(values: unknown[], direction: 1 | -1): unknown {
  if (values.length === 0) throw new Error('math.@max(list) argument must not be empty');
  return values.reduce((best, value) => (Number(unwrap(value)) * direction > Number(unwrap(best)) * direction ? value : best));
}

function seq(bounds: unknown[]): bigint[] {
  const [start, end, step] = numbers(bounds).map((value) => BigInt(Math.trunc(Number(value))));
  if (start === undefined) throw new Error('math.Seq needs at least an end');
  const [from, to] = end === undefined ? [1n, start] : [start, end];
  const by = step ?? (from <= to ? 1n : -1n);
  if (by === 0n || (by > 0n && from > to) || (by < 0n && from < to)) return [];
  if ((to - from) / by + 1n > BigInt(MAX_RANGE)) throw new Error(`math.Seq: more than ${MAX_RANGE} numbers`);
  const out: bigint[] = [];
  for (let n = from; by > 0n ? n <= to : n >= to; n += by) out.push(n);
  return out;
}

function round(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

const bigint = (value: unknown): bigint => {
  const raw = unwrap(value);
  if (typeof raw !== 'bigint') throw new Error('bitwise operations take ints');
  return raw;
};

const shiftBy = (value: unknown): bigint => {
  const by = bigint(value);
  if (by < 0n) throw new Error(`math.bitShift() negative offset: ${by}`);
  return by > 64n ? 64n : by;
};

const toInt64 = (value: bigint): bigint => BigInt.asIntN(64, value);

const GREATEST_ARITIES = [1, 2, 3, 4, 5];

export const MATH_FUNCTIONS: CelOverload[] = inNamespace('math', [
  ...GREATEST_ARITIES.flatMap((arity) => {
    const params = Array<string>(arity).fill('dyn').join(', ');
    const spread = (values: unknown[]) => (values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values);
    return [
      overload(`greatest(${params}): dyn`, (...values: unknown[]) => extreme(spread(values), 1)),
      overload(`least(${params}): dyn`, (...values: unknown[]) => extreme(spread(values), -1)),
    ];
  }),
  overload('abs(dyn): dyn', (value: unknown) => (isInt(unwrap(value)) ? ((unwrap(value) as bigint) < 0n ? -(unwrap(value) as bigint) : unwrap(value)) : Math.abs(numberOf(value)))),
  overload('Abs(dyn): dyn', (value: unknown) => celNumber(Math.abs(numberOf(unwrap(value))))),
  overload('ceil(double): double', Math.ceil),
  overload('floor(double): double', Math.floor),
  overload('round(double): double', round),
  overload('trunc(double): double', Math.trunc),
  overload('sign(dyn): dyn', (value: unknown) => (isInt(unwrap(value)) ? BigInt(Math.sign(Number(unwrap(value)))) : Math.sign(numberOf(value)))),
  overload('sqrt(dyn): double', (value: unknown) => Math.sqrt(numberOf(unwrap(value)))),
  overload('isNaN(double): bool', Number.isNaN),
  overload('isInf(double): bool', (value: number) => value === Infinity || value === -Infinity),
  overload('isFinite(double): bool', Number.isFinite),
  overload('Ceil(dyn): dyn', (value: unknown) => celNumber(Math.ceil(numberOf(unwrap(value))))),
  overload('Floor(dyn): dyn', (value: unknown) => celNumber(Math.floor(numberOf(unwrap(value))))),
  overload('Round(dyn): dyn', (value: unknown) => celNumber(round(numberOf(unwrap(value))))),
  overload('Trunc(dyn): dyn', (value: unknown) => celNumber(Math.trunc(numberOf(unwrap(value))))),
  overload('Sign(dyn): int', (value: unknown) => BigInt(Math.sign(numberOf(unwrap(value))))),
  overload('Sqrt(dyn): double', (value: unknown) => Math.sqrt(numberOf(unwrap(value)))),
  overload('IsNaN(dyn): bool', (value: unknown) => Number.isNaN(numberOf(unwrap(value)))),
  overload('IsInf(dyn): bool', (value: unknown) => Math.abs(numberOf(unwrap(value))) === Infinity),
  overload('IsFinite(dyn): bool', (value: unknown) => Number.isFinite(numberOf(unwrap(value)))),
  overload('IsInt(dyn): bool', (value: unknown) => isInt(unwrap(value)) || (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()))),
  overload('IsFloat(dyn): bool', (value: unknown) => typeof value === 'number' || (typeof value === 'string' && /^[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?$/.test(value.trim()))),
  overload('IsNum(dyn): bool', (value: unknown) => isInt(unwrap(value)) || typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))),
  overload('Add(list): dyn', (values: unknown[]) => combine(values, (a, b) => a + b, (a, b) => a + b, 0n)),
  overload('Mul(list): dyn', (values: unknown[]) => combine(values, (a, b) => a * b, (a, b) => a * b, 1n)),
  overload('Sub(dyn, dyn): dyn', (a: unknown, b: unknown) => combine([b], (x, y) => x - y, (x, y) => x - y, numbers([a])[0]!)),
  overload('Div(dyn, dyn): dyn', (a: unknown, b: unknown) => celNumber(divide(a, b))),
  overload('Rem(dyn, dyn): dyn', (a: unknown, b: unknown) => {
    const [x, y] = numbers([a, b]) as [Num, Num];
    if (Number(y) === 0) throw new Error('error: division by 0');
    return isInt(x) && isInt(y) ? x % y : Number(x) % Number(y);
  }),
  overload('Pow(dyn, dyn): dyn', (a: unknown, b: unknown) => celNumber(Number(numbers([a])[0]) ** Number(numbers([b])[0]))),
  overload('Seq(list): list<int>', seq),
  overload('bitOr(int, int): int', (a: bigint, b: bigint) => a | b),
  overload('bitAnd(int, int): int', (a: bigint, b: bigint) => a & b),
  overload('bitXor(int, int): int', (a: bigint, b: bigint) => a ^ b),
  overload('bitNot(int): int', (a: bigint) => ~a),
  overload('bitShiftLeft(int, int): int', (a: bigint, by: unknown) => toInt64(a << shiftBy(by))),
  overload('bitShiftRight(int, int): int', (a: bigint, by: unknown) => a >> shiftBy(by)),
]);
