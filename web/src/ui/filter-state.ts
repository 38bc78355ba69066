/** Three-state filters: include (1), exclude (-1) or neither (0), and their URL form `a:1,b:-1`. */

export type FilterState = 1 | -1 | 0;

export const FILTER_INCLUDE = 1 as const;
export const FILTER_EXCLUDE = -1 as const;
export const FILTER_NONE = 0 as const;

/** Values with a state of include or exclude; neutral ones are left out. */
export type FilterStates = Readonly<Record<string, 1 | -1>>;

/**
 * Reads `SUCCESS:-1,FAILED:1` (the last ':' of each item separates the state, so values may
 * contain ':'). Items without a valid state are ignored.
 */
export function parseFilterStates(text: string | null | undefined): Record<string, 1 | -1> {
  const states: Record<string, 1 | -1> = {};
  for (const item of (text ?? '').split(',')) {
    const at = item.lastIndexOf(':');
    if (at <= 0) continue;
    const key = item.slice(0, at).trim();
    const state = item.slice(at + 1).trim();
    if (key && (state === '1' || state === '-1')) states[key] = state === '1' ? 1 : -1;
  }
  return states;
}

/** Writes states as `a:1,b:-1`, in insertion order; an empty string when none is set. */
export function serializeFilterStates(states: Readonly<Record<string, FilterState>>): string {
  return Object.entries(states)
    .filter(([, state]) => state !== 0)
    .map(([key, state]) => `${key}:${state}`)
    .join(',');
}

/** The states with one value changed (0 removes it). */
export function withFilterState(states: FilterStates, key: string, state: FilterState): Record<string, 1 | -1> {
  const next: Record<string, 1 | -1> = { ...states };
  if (state === 0) delete next[key];
  else next[key] = state;
  return next;
}
