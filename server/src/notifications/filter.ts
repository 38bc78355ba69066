import type { ExpressionSandbox } from '../expressions/sandbox.js';

export interface FilterOutcome {
  /** Whether each filter is true (an empty filter is). */
  passes: boolean[];
  /** Why a filter could not be evaluated, by its index (it then does not pass). */
  errors: Map<number, string>;
}

const blank = (filter: string | null | undefined): boolean => !filter || filter.trim() === '';

/**
 * Evaluates CEL filters over the same variables in the sandbox: all in one request as a list (one
 * event against many rules costs one round trip), each on its own when that list fails, so that
 * one broken filter neither stops nor changes the others.
 */
export async function evaluateFilters(sandbox: ExpressionSandbox, filters: readonly (string | null | undefined)[], variables: Record<string, unknown>): Promise<FilterOutcome> {
  const passes = filters.map(blank);
  const errors = new Map<number, string>();
  const pending = filters.flatMap((filter, index) => (blank(filter) ? [] : [{ index, filter: filter!.trim() }]));
  if (pending.length === 0) return { passes, errors };
  if (pending.length > 1) {
    try {
      const values = await sandbox.evaluateCel(`[${pending.map(({ filter }) => `(${filter})`).join(', ')}]`, variables);
      if (Array.isArray(values) && values.length === pending.length) {
        pending.forEach(({ index }, position) => (passes[index] = values[position] === true));
        return { passes, errors };
      }
    } catch {
      // one of them fails: each on its own below
    }
  }
  for (const { index, filter } of pending) {
    try {
      passes[index] = (await sandbox.evaluateCel(filter, variables)) === true;
    } catch (error) {
      errors.set(index, error instanceof Error ? error.message : String(error));
    }
  }
  return { passes, errors };
}
