import { isRecord } from '../guards.js';
import { SEALED_PLACEHOLDER } from './sealed-text.js';
import type { SecretPath } from './walk.js';

/**
 * Fields that say where a credential goes or what receives it. Keeping a sealed value (`<sealed>`)
 * while one of them changes beside it would hand the saved secret to a new destination that its
 * writer never had to know the secret for. The database's keep_sealed() (migration 0053) checks the same
 * fields for what the data service writes.
 */
export const DESTINATION_FIELDS: readonly string[] = ['url', 'endpoint', 'host', 'hostname', 'addr', 'address', 'server', 'port', 'script', 'command', 'connection'];

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
  }
  return a === b;
}

/** A `path` names a destination only when it is a URL (`sftp://host/dir`, `smb://server/share`). */
function isDestination(key: string, current: unknown, saved: unknown): boolean {
  if (DESTINATION_FIELDS.includes(key)) return true;
  const isUrl = (value: unknown) => typeof value === 'string' && value.includes('://');
  return key === 'path' && (isUrl(current) || isUrl(saved));
}

/**
 * The first destination field that differs from what is saved in an object on the way to the
 * credential at `path` (list items found by `name`, else by position), or undefined when all agree.
 */
export function changedDestination(current: unknown, saved: unknown, path: SecretPath): SecretPath | undefined {
  let to = current;
  let from = saved;
  const at: SecretPath = [];
  for (const segment of path) {
    if (isRecord(to) && isRecord(from)) {
      for (const key of Object.keys({ ...to, ...from })) {
        if (to[key] === SEALED_PLACEHOLDER || !isDestination(key, to[key], from[key])) continue;
        if (!sameValue(to[key], from[key])) return [...at, key];
      }
    }
    if (typeof segment === 'number') {
      const item: unknown = Array.isArray(to) ? to[segment] : undefined;
      const name = isRecord(item) ? item['name'] : undefined;
      from = Array.isArray(from) ? (typeof name === 'string' ? from.find((candidate: unknown) => isRecord(candidate) && candidate['name'] === name) : from[segment]) : undefined;
      to = item;
    } else {
      to = isRecord(to) ? to[segment] : undefined;
      from = isRecord(from) ? from[segment] : undefined;
    }
    at.push(segment);
  }
  return undefined;
}
