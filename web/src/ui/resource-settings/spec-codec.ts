import { envVarText, isRecord, parseEnvVar, valueFields, type ConnectionFormValues } from '@pharos/core';
import { parseDocument, stringify } from 'yaml';
import type { Encoding, HealthCheckVariant } from './spec-variant';

export type CheckEntry = Record<string, unknown>;
export type CanarySpec = Record<string, unknown>;

/** The spec text as an object, or null when it is not a YAML mapping (then only the YAML editor edits it). */
export function parseSpec(text: string): CanarySpec | null {
  if (text.trim() === '') return {};
  const document = parseDocument(text);
  if (document.errors.length > 0) return null;
  const value: unknown = document.toJS();
  return value === null || value === undefined ? {} : isRecord(value) ? value : null;
}

export function specText(spec: CanarySpec): string {
  return Object.keys(spec).length === 0 ? '' : stringify(spec);
}

function at(entry: CheckEntry, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), entry);
}

/** The entry with `path` set to `value`, or removed (with parents left empty) when undefined. */
function withValue(entry: CheckEntry, path: string, value: unknown): CheckEntry {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const next = { ...entry };
  if (rest.length === 0) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = withValue(isRecord(entry[head]) ? entry[head] : {}, rest.join('.'), value);
  if (Object.keys(child).length === 0) delete next[head];
  else next[head] = child;
  return next;
}

const scalar = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

function read(entry: CheckEntry, path: string, encoding: Encoding | undefined): string {
  const value = at(entry, path);
  switch (encoding) {
    case 'list':
      return Array.isArray(value) ? value.map(scalar).join(', ') : scalar(value);
    case 'headerLines':
      if (Array.isArray(value)) return value.filter(isRecord).map((header) => `${scalar(header['name'])}: ${envVarText(header) ?? ''}`).join('\n');
      return isRecord(value) ? Object.entries(value).map(([key, text]) => `${key}: ${scalar(text)}`).join('\n') : '';
    case 'pairLines':
      return isRecord(value) ? Object.entries(value).map(([key, text]) => `${key}=${scalar(text)}`).join('\n') : '';
    case 'envVar':
      return envVarText(value) ?? '';
    case 'authType': {
      const auth = entry['authentication'];
      if (isRecord(auth)) return typeof auth['type'] === 'string' ? auth['type'] : 'basic';
      return 'none';
    }
    default:
      return scalar(value);
  }
}

const numberOrText = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

function lines(text: string, separator: RegExp): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = separator.exec(line);
    if (match && match[1]!.trim() !== '') map[match[1]!.trim()] = match[2]!.trim();
  }
  return map;
}

function write(entry: CheckEntry, path: string, encoding: Encoding | undefined, text: string): CheckEntry {
  if (encoding === 'authType') {
    if (text === 'none') return withValue(entry, 'authentication', undefined);
    return withValue(entry, 'authentication.type', text);
  }
  if (text.trim() === '') return withValue(entry, path, undefined);
  switch (encoding) {
    case 'number':
      return withValue(entry, path, numberOrText(text.trim()));
    case 'list':
      return withValue(entry, path, text.split(',').map((item) => item.trim()).filter(Boolean).map(numberOrText));
    case 'headerLines':
      return withValue(entry, path, lines(text, /^([^:]*):(.*)$/));
    case 'pairLines':
      return withValue(entry, path, lines(text, /^([^=]*)=(.*)$/));
    case 'envVar': {
      const parsed = parseEnvVar(text);
      if (parsed.mode === 'Static') return withValue(entry, path, { value: parsed.value });
      const ref = { name: parsed.name, key: parsed.key };
      return withValue(entry, path, { valueFrom: parsed.mode === 'Secret' ? { secretKeyRef: ref } : { configMapKeyRef: ref } });
    }
    default:
      return withValue(entry, path, text);
  }
}

/** The form's values of a check: each field's text, read from its path. */
export function valuesOf(variant: HealthCheckVariant, entry: CheckEntry): ConnectionFormValues {
  const values: ConnectionFormValues = {};
  for (const field of valueFields(variant.fields)) values[field.key] = read(entry, field.key, variant.encodings[field.key]);
  return values;
}

/** The check with one field changed. */
export function withField(variant: HealthCheckVariant, entry: CheckEntry, key: string, text: string): CheckEntry {
  return write(entry, key, variant.encodings[key], text);
}

/** What the check holds at a field's path, comparable: to tell whether a typed text still stands for it. */
export function storedAt(entry: CheckEntry, key: string): string {
  return JSON.stringify(at(entry, key.startsWith('authentication.') ? 'authentication' : key)) ?? '';
}

/** A new check of the variant: its defaults and a name not yet used in the spec. */
export function newCheck(variant: HealthCheckVariant, spec: CanarySpec): CheckEntry {
  const taken = new Set((Array.isArray(spec[variant.type]) ? spec[variant.type] as unknown[] : []).filter(isRecord).map((entry) => entry['name']));
  let index = taken.size + 1;
  while (taken.has(`${variant.type.toLowerCase()}-${index}`)) index += 1;
  return { name: `${variant.type.toLowerCase()}-${index}`, ...variant.defaults };
}
