import { createHash } from 'node:crypto';
import { createTwoFilesPatch } from 'diff';
import jsonPatch, { type Operation } from 'fast-json-patch';

/** A change found by comparing an item with its previous version. */
export interface ConfigDiff {
  /** RFC 6902 operations that turn the previous version into the new one. */
  patches: Operation[];
  /** A line a person reads: `spec.replicas: 2 → 3, metadata.labels.team: added`. */
  summary: string;
  /** A unified diff of the two versions as indented JSON with sorted keys; null for very large documents. */
  text: string | null;
  /** What the change is, without its volatile values: equal fingerprints are one repeated change. */
  fingerprint: string;
}

/** Operations named in a summary; the rest are counted. */
const SUMMARY_OPERATIONS = 5;
/** Longest value shown in a summary. */
const SUMMARY_VALUE = 40;

/** `/spec/containers/0/image` → `spec.containers[0].image`. */
export function readablePath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path += /^\d+$/.test(part) ? `[${part}]` : path === '' ? part : `.${part}`;
  }
  return path === '' ? '(root)' : path;
}

function shown(value: unknown): string {
  if (value === undefined) return '∅';
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SUMMARY_VALUE ? `${text.slice(0, SUMMARY_VALUE - 1)}…` : text;
}

function valueAt(document: unknown, pointer: string): unknown {
  try {
    return jsonPatch.getValueByPointer(document, pointer) as unknown;
  } catch {
    return undefined;
  }
}

function describe(previous: unknown, operation: Operation): string {
  const path = readablePath(operation.path);
  switch (operation.op) {
    case 'add':
      return `${path}: added ${shown(operation.value)}`;
    case 'remove':
      return `${path}: removed`;
    case 'replace':
      return `${path}: ${shown(valueAt(previous, operation.path))} → ${shown(operation.value)}`;
    default:
      return `${path}: ${operation.op}`;
  }
}

/** fast-json-patch lists operations last key first (so that array removals apply); people read in document order. */
export function summarise(previous: unknown, patches: readonly Operation[]): string {
  const lines = [...patches].reverse().slice(0, SUMMARY_OPERATIONS).map((operation) => describe(previous, operation));
  if (patches.length > SUMMARY_OPERATIONS) lines.push(`and ${patches.length - SUMMARY_OPERATIONS} more`);
  return lines.join(', ');
}

// Values that differ each time without the change being another one (config-db's tokenizer).
const TOKENS: ReadonlyArray<[string, RegExp]> = [
  ['UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi],
  ['TIMESTAMP', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g],
  ['DURATION', /\b\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h|d)\b/g],
  ['SHA256', /[a-z0-9]{64}/g],
  ['HEX16', /[0-9a-f]{16}/g],
];

function tokenized(value: unknown): string {
  if (typeof value === 'number') return 'NUMBER';
  if (typeof value !== 'string') return JSON.stringify(value ?? null);
  if (/^\d+$/.test(value)) return 'NUMBER';
  return TOKENS.reduce((text, [token, pattern]) => text.replace(pattern, token), value);
}

export function fingerprintOf(changeType: string, patches: readonly Operation[]): string {
  const hash = createHash('sha256').update(changeType);
  for (const operation of patches) {
    hash.update(`\n${operation.op} ${operation.path} ${'value' in operation ? tokenized(operation.value) : ''}`);
  }
  return hash.digest('hex').slice(0, 32);
}

/** Largest document (as indented JSON) a text diff is made of; the patch is there for any size. */
const MAX_TEXT_DIFF = 512 * 1024;

/** The value with every object's keys sorted, so that key order never shows as a change. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
}

/** A unified diff (`--- before`, `+++ after`, hunks with 3 lines of context). */
export function textDiff(previous: unknown, next: unknown): string | null {
  const before = `${JSON.stringify(sortedKeys(previous), null, 2)}\n`;
  const after = `${JSON.stringify(sortedKeys(next), null, 2)}\n`;
  if (before.length > MAX_TEXT_DIFF || after.length > MAX_TEXT_DIFF) return null;
  return createTwoFilesPatch('before', 'after', before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
}

/** The change from `previous` to `next`, or null when they are equal. */
export function diffConfigs(previous: unknown, next: unknown): ConfigDiff | null {
  const wrap = (value: unknown) => (value !== null && typeof value === 'object' ? value : { value });
  const before = wrap(previous);
  const patches = jsonPatch.compare(before, wrap(next));
  if (patches.length === 0) return null;
  return { patches, summary: summarise(before, patches), fingerprint: fingerprintOf('diff', patches), text: textDiff(previous, next) };
}

/** The fingerprint of a change read from the data: its type, summary and details without volatile values. */
export function fingerprintOfChange(changeType: string, summary: string | null | undefined, details: unknown): string {
  const text = tokenized(summary ?? '') + '\n' + TOKENS.reduce((json, [token, pattern]) => json.replace(pattern, token), JSON.stringify(details ?? null));
  return createHash('sha256').update(changeType).update('\n').update(text).digest('hex').slice(0, 32);
}
