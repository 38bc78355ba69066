import type { CheckSummary } from '@pharos/core';
import { parseFilterStates, serializeFilterStates, withFilterState, type FilterState } from '../../ui/filter-state';

/** A label key of the checks with its values; boolean when every value is `true` or `false`. */
export interface LabelKey {
  key: string;
  values: string[];
  boolean: boolean;
}

/** How one label is named in the `labels` parameter: `key=value` (`labels=tier=web:1,canary=true:-1`). */
export function labelId(key: string, value: string): string {
  return `${key}=${value}`;
}

/** The key and value of a label id; label keys cannot hold '=', so the first one separates them. */
export function splitLabelId(id: string): { key: string; value: string } | null {
  const at = id.indexOf('=');
  return at <= 0 ? null : { key: id.slice(0, at), value: id.slice(at + 1) };
}

const BOOLEAN_VALUES: ReadonlySet<string> = new Set(['true', 'false']);

/** Every label key of the checks with its values, both sorted. */
export function labelKeysOf(checks: readonly CheckSummary[]): LabelKey[] {
  const values = new Map<string, Set<string>>();
  for (const check of checks) {
    for (const [key, value] of Object.entries(check.labels)) {
      let set = values.get(key);
      if (!set) values.set(key, (set = new Set()));
      set.add(value);
    }
  }
  return [...values.entries()]
    .map(([key, set]) => {
      const list = [...set].sort((a, b) => a.localeCompare(b));
      return { key, values: list, boolean: list.every((value) => BOOLEAN_VALUES.has(value)) };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The test of the `labels` parameter: a check must have one of the included values of each key
 * that has some, and none of the excluded labels. No states, every check passes.
 */
export function labelFilter(text: string | null | undefined): (check: CheckSummary) => boolean {
  const included = new Map<string, Set<string>>();
  const excluded: { key: string; value: string }[] = [];
  for (const [id, state] of Object.entries(parseFilterStates(text))) {
    const label = splitLabelId(id);
    if (!label) continue;
    if (state === -1) excluded.push(label);
    else {
      let set = included.get(label.key);
      if (!set) included.set(label.key, (set = new Set()));
      set.add(label.value);
    }
  }
  if (included.size === 0 && excluded.length === 0) return () => true;
  return (check) => {
    for (const { key, value } of excluded) if (check.labels[key] === value) return false;
    for (const [key, values] of included) {
      const value = check.labels[key];
      if (value === undefined || !values.has(value)) return false;
    }
    return true;
  };
}

/** The values of `key` the parameter includes. */
export function includedValues(text: string | null | undefined, key: string): string[] {
  return Object.entries(parseFilterStates(text))
    .filter(([, state]) => state === 1)
    .map(([id]) => splitLabelId(id))
    .filter((label): label is { key: string; value: string } => label !== null && label.key === key)
    .map((label) => label.value);
}

/** The parameter with one label set to include (1), exclude (-1) or neither (0). */
export function withLabelState(text: string, id: string, state: FilterState): string {
  return serializeFilterStates(withFilterState(parseFilterStates(text), id, state));
}

/** The parameter with the included values of `key` replaced (its exclusions kept). */
export function withIncludedValues(text: string, key: string, values: readonly string[]): string {
  const states = parseFilterStates(text);
  for (const [id, state] of Object.entries(states)) {
    if (state === 1 && splitLabelId(id)?.key === key) delete states[id];
  }
  for (const value of values) states[labelId(key, value)] = 1;
  return serializeFilterStates(states);
}
