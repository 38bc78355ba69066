import type { TemplateFunction } from './exec.js';

/**
 * How many arguments a function takes, as Go's text/template checks before calling it: a fixed
 * number (`wrong number of args for upper: want 1 got 2`) or at least some (`want at least 1 got 0`).
 * A function declares it with `variadic`/`between`; otherwise its JavaScript parameter count is its arity.
 */
export interface Arity {
  min: number;
  max: number;
}

const declared = new WeakMap<TemplateFunction, Arity>();

/** A function taking at least `min` arguments, as Go's `func(a T, rest ...T)`. */
export function variadic<F extends TemplateFunction>(min: number, fn: F): F {
  declared.set(fn, { min, max: Number.POSITIVE_INFINITY });
  return fn;
}

/** A function of `min` to `max` arguments, for the helpers that accept either of two of Go's forms. */
export function between<F extends TemplateFunction>(min: number, max: number, fn: F): F {
  declared.set(fn, { min, max });
  return fn;
}

export function arityOf(fn: TemplateFunction): Arity {
  return declared.get(fn) ?? { min: fn.length, max: fn.length };
}

/** Go's message for a call with the wrong number of arguments, or undefined when the count is right. */
export function arityError(name: string, fn: TemplateFunction, count: number): string | undefined {
  const { min, max } = arityOf(fn);
  if (count >= min && count <= max) return undefined;
  if (max === Number.POSITIVE_INFINITY) return `wrong number of args for ${name}: want at least ${min} got ${count}`;
  if (min !== max) return `wrong number of args for ${name}: want ${min} to ${max} got ${count}`;
  return `wrong number of args for ${name}: want ${min} got ${count}`;
}
