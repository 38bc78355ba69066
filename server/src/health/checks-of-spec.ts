import { CANARY_SPEC_CHECK_KEYS, HEALTH_CHECK_TYPES, isRecord, isSealedText, withoutCredentials } from '@pharos/core';

/** One entry of a canary spec's type lists, as a row of `checks` keeps it. */
export interface CheckDefinition {
  type: string;
  name: string;
  description: string | null;
  icon: string | null;
  labels: Record<string, string>;
  endpoint: string | null;
  spec: Record<string, unknown>;
}

/**
 * The spec keys of check types, with canary-checker's own (the SQL drivers' keys, `alertmanager`,
 * `mongodb`, `webhook` as one object or a list, `catalog`, ...): each key is its checks' type.
 */
const CHECK_KEYS: readonly string[] = [...HEALTH_CHECK_TYPES, ...CANARY_SPEC_CHECK_KEYS];

/** How often a canary without a schedule runs. */
export const DEFAULT_CANARY_SCHEDULE = '@every 5m';


function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Opens a sealed text, or answers undefined when it cannot. */
export type Reveal = (sealed: string) => string | undefined;

/**
 * Where a check goes, as everyone may read it: a URL sealed for the credentials in it without them
 * (nothing when it cannot be opened here).
 */
function endpointOf(entry: Record<string, unknown>, reveal: Reveal | undefined): string | null {
  for (const key of ['url', 'endpoint', 'host', 'addr', 'query', 'path', 'connection']) {
    const value = text(entry[key]);
    if (!value) continue;
    if (!isSealedText(value)) return value;
    const opened = reveal?.(value);
    return opened === undefined ? null : withoutCredentials(opened);
  }
  return null;
}

/** Every check a canary spec describes, named by its `name` (else its type and position). */
export function checksOfSpec(spec: Record<string, unknown>, reveal?: Reveal): CheckDefinition[] {
  const checks: CheckDefinition[] = [];
  for (const type of CHECK_KEYS) {
    const entries = type === 'webhook' && isRecord(spec[type]) ? [spec[type]] : spec[type];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (!isRecord(entry)) return;
      const labels = isRecord(entry['labels']) ? Object.fromEntries(Object.entries(entry['labels']).map(([key, value]) => [key, String(value)])) : {};
      checks.push({
        type,
        name: text(entry['name']) ?? `${type}-${index + 1}`,
        description: text(entry['description']),
        icon: text(entry['icon']),
        labels,
        endpoint: endpointOf(entry, reveal),
        spec: entry,
      });
    });
  }
  return checks;
}

/** The canary's schedule: `schedule`, else `interval` seconds, else the default. */
export function scheduleOfSpec(spec: Record<string, unknown>): string {
  const schedule = text(spec['schedule']);
  if (schedule) return schedule;
  const interval = Number(spec['interval']);
  return Number.isInteger(interval) && interval > 0 ? `@every ${interval}s` : DEFAULT_CANARY_SCHEDULE;
}
