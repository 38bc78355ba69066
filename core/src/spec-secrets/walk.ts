import { isRecord } from '../guards.js';
import { isCredentialName } from './credential-text.js';
import type { SpecPath, SpecSecretRules } from './fields.js';

export type SecretPath = (string | number)[];

/** One credential found in a spec: its text and where it is (the path ends at the text itself). */
export interface SecretLeaf {
  value: string;
  path: SecretPath;
  /** `url`: a service URL, sealed whole only when it carries a credential. */
  kind: 'credential' | 'url';
}

function matches(pattern: SpecPath, path: SecretPath): boolean {
  return pattern.length === path.length && pattern.every((segment, index) => segment === '*' || segment === String(path[index]));
}

/** Whether `path` lies under one of `prefixes` (or anywhere, without them). */
function isUnder(prefixes: readonly SpecPath[] | undefined, path: SecretPath): boolean {
  return prefixes === undefined || prefixes.some((prefix) => path.length > prefix.length && matches(prefix, path.slice(0, prefix.length)));
}

/** `transform` on a credential field: text, or the `value` of `{value}` without `valueFrom`. */
function credentialField(value: unknown, path: SecretPath, transform: (leaf: SecretLeaf) => string): unknown {
  if (typeof value === 'string') return value === '' ? value : transform({ value, path, kind: 'credential' });
  if (isRecord(value) && value['valueFrom'] === undefined && typeof value['value'] === 'string' && value['value'] !== '') {
    return { ...value, value: transform({ value: value['value'], path: [...path, 'value'], kind: 'credential' }) };
  }
  return value;
}

/** A service URL field as written: text, or `{value}` without `valueFrom` (anything else is walked on). */
function isUrlText(value: unknown): value is string | Record<string, unknown> {
  return typeof value === 'string' || (isRecord(value) && value['valueFrom'] === undefined && typeof value['value'] === 'string');
}

/** `transform` on a service URL field's text. */
function urlField(value: string | Record<string, unknown>, path: SecretPath, transform: (leaf: SecretLeaf) => string): unknown {
  if (typeof value === 'string') return value === '' ? value : transform({ value, path, kind: 'url' });
  const text = value['value'] as string;
  return text === '' ? value : { ...value, value: transform({ value: text, path: [...path, 'value'], kind: 'url' }) };
}

/** Headers or env: a `{name, value}` list, or a `name: value` map; only the entries named like a credential. */
function namedValues(value: unknown, path: SecretPath, transform: (leaf: SecretLeaf) => string): unknown {
  if (Array.isArray(value)) {
    return value.map((entry: unknown, index) =>
      isRecord(entry) && typeof entry['name'] === 'string' && isCredentialName(entry['name']) ? credentialField(entry, [...path, index], transform) : entry,
    );
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, isCredentialName(name) ? credentialField(entry, [...path, name], transform) : entry]));
  }
  return value;
}

/**
 * A copy of `spec` in which `transform` replaced each credential the rules name (sealing it,
 * redacting it, keeping the saved one). Everything else is the same.
 */
export function mapSpecSecrets<T>(spec: T, rules: SpecSecretRules, transform: (leaf: SecretLeaf) => string): T {
  const walk = (node: unknown, path: SecretPath, parentKey: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((item: unknown, index) => walk(item, [...path, index], parentKey));
    if (!isRecord(node)) return node;
    const within = parentKey === undefined ? [] : (rules.within[parentKey] ?? []);
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        const at = [...path, key];
        if (rules.fields.includes(key) || within.includes(key)) return [key, credentialField(child, at, transform)];
        if (rules.namedValues.includes(key)) return [key, namedValues(child, at, transform)];
        if (rules.urlFields.includes(key) && isUrlText(child) && isUnder(rules.urlFieldsWithin, at)) return [key, urlField(child, at, transform)];
        if (typeof child === 'string' && rules.urls.some((pattern) => matches(pattern, at))) return [key, child === '' ? child : transform({ value: child, path: at, kind: 'url' })];
        return [key, walk(child, at, key)];
      }),
    );
  };
  return walk(spec, [], undefined) as T;
}

/** The value at `path` of `saved`, list items found by their `name` in `current` when they have one (lists get reordered). */
export function savedCounterpart(saved: unknown, current: unknown, path: SecretPath): unknown {
  let from = saved;
  let to = current;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(from)) return undefined;
      const item: unknown = Array.isArray(to) ? to[segment] : undefined;
      const name = isRecord(item) ? item['name'] : undefined;
      from = typeof name === 'string' ? from.find((candidate: unknown) => isRecord(candidate) && candidate['name'] === name) : from[segment];
      to = item;
    } else {
      if (!isRecord(from)) return undefined;
      from = from[segment];
      to = isRecord(to) ? to[segment] : undefined;
    }
  }
  return from;
}
