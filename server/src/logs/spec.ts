import { envVarText, isRecord, isSealedText, SEALED_PLACEHOLDER } from '@pharos/core';
import { parseJsonWithin } from '../http/json-body.js';
import { isTimestampLayout } from './timestamp.js';

/**
 * A LoggingBackend's spec (pharos.io/v1): exactly one of `file`, `postgres`, `loki`, `opensearch`,
 * `elasticsearch` or `kubernetes`, each with what it needs to be searched.
 */
export const BACKEND_KINDS = ['file', 'postgres', 'loki', 'opensearch', 'elasticsearch', 'kubernetes'] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];

/** Where an HTTP or database backend is: a saved connection, or its own url and credentials. */
export interface Endpoint {
  connection?: string;
  url?: string;
  /** Secret-or-value fields, as stored text (`secret://name/key` or a value). */
  username?: string;
  password?: string;
}

export interface FileSpec {
  kind: 'file';
  paths: string[];
  format: 'plain' | 'json';
  /** Plain lines: the group `timestamp` (or the first group) is the time, `message` the message, other named groups labels. */
  pattern: RegExp;
  layout: string;
  /** JSON lines: the fields of the time, the message and the labels (dotted paths). */
  fields: { timestamp: string; message: string; labels: string[] };
  labels: Record<string, string>;
}

export interface PostgresSpec extends Endpoint {
  kind: 'postgres';
  table?: string;
  query?: string;
  columns: { timestamp: string; message: string; labels?: string | string[] };
}

export interface LokiSpec extends Endpoint {
  kind: 'loki';
  /** A LogQL stream selector used when the search names no label, e.g. `{job="app"}`. */
  selector?: string;
}

export interface SearchEngineSpec extends Endpoint {
  kind: 'opensearch' | 'elasticsearch';
  index: string;
  /** An extra query clause (JSON object) every search must also match. */
  query?: Record<string, unknown>;
  fields: { timestamp: string; message: string; labels: string[] };
}

/** Pod logs read from a cluster's API server: the pods a search's labels (and these defaults) select. */
export interface KubernetesLogSpec {
  kind: 'kubernetes';
  /** A kubernetes connection; with neither it nor kubeconfig, the pod Pharos runs in. */
  connection?: string;
  /** The kubeconfig's text, as stored (`secret://name/key` or a value). */
  kubeconfig?: string;
  namespace?: string;
  labelSelector?: string;
  pod?: string;
  container?: string;
}

export type BackendSpec = FileSpec | PostgresSpec | LokiSpec | SearchEngineSpec | KubernetesLogSpec;

export interface SpecProblem {
  /** Path inside the spec, e.g. ['file', 'paths']. */
  path: (string | number)[];
  reason: string;
}

export const DEFAULT_PATTERN = '^(?<timestamp>\\S+)';
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/;
const COLUMN = /^[A-Za-z_][A-Za-z0-9_$]*$/;

class Problems {
  readonly list: SpecProblem[] = [];
  add(path: (string | number)[], reason: string): void {
    this.list.push({ path, reason });
  }
}

function optionalText(problems: Problems, section: Record<string, unknown>, path: string[], field: string): string | undefined {
  const value = section[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    problems.add([...path, field], `${field} must be a non-empty string`);
    return undefined;
  }
  return value.trim();
}

function secretOrValue(problems: Problems, section: Record<string, unknown>, path: string[], field: string): string | undefined {
  const value = section[field];
  if (value === undefined || value === null) return undefined;
  const text = envVarText(value);
  if (text === undefined) problems.add([...path, field], `${field} must be a value, {value} or {valueFrom: {secretKeyRef: {name, key}}}`);
  return text;
}

function endpoint(problems: Problems, section: Record<string, unknown>, path: string[], required: boolean): Endpoint {
  const result: Endpoint = {
    connection: optionalText(problems, section, path, 'connection'),
    url: optionalText(problems, section, path, 'url'),
    username: secretOrValue(problems, section, path, 'username'),
    password: secretOrValue(problems, section, path, 'password'),
  };
  // A url sealed for its credentials (or its placeholder, saved back) was an absolute URL when it was written.
  const sealed = result.url !== undefined && (isSealedText(result.url) || result.url === SEALED_PLACEHOLDER);
  if (result.url && !sealed && !/^[a-z][a-z0-9+.-]*:\/\//i.test(result.url)) problems.add([...path, 'url'], `url must be an absolute URL, e.g. http://host:port`);
  if (required && !result.connection && !result.url) problems.add([...path, 'url'], 'url or connection is required');
  return result;
}

function labelMap(problems: Problems, value: unknown, path: (string | number)[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value) || Object.values(value).some((entry) => typeof entry !== 'string')) {
    problems.add(path, 'labels must be a mapping of names to strings');
    return {};
  }
  return value as Record<string, string>;
}

function textList(problems: Problems, value: unknown, path: (string | number)[], what: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry.trim() === '')) {
    problems.add(path, `${what} must be a list of non-empty strings`);
    return [];
  }
  return value.map((entry: string) => entry.trim());
}

function fieldsOf(problems: Problems, section: Record<string, unknown>, path: string[], timestamp: string): { timestamp: string; message: string; labels: string[] } {
  const fields = section['fields'] ?? {};
  if (!isRecord(fields)) {
    problems.add([...path, 'fields'], 'fields must be a mapping of timestamp, message and labels');
    return { timestamp, message: 'message', labels: [] };
  }
  return {
    timestamp: optionalText(problems, fields, [...path, 'fields'], 'timestamp') ?? timestamp,
    message: optionalText(problems, fields, [...path, 'fields'], 'message') ?? 'message',
    labels: textList(problems, fields['labels'], [...path, 'fields', 'labels'], 'labels'),
  };
}

function fileSpec(problems: Problems, section: Record<string, unknown>): FileSpec {
  const path = ['file'];
  const paths = textList(problems, typeof section['paths'] === 'string' ? [section['paths']] : section['paths'], [...path, 'paths'], 'paths');
  if (paths.length === 0 && !problems.list.some((problem) => problem.path[1] === 'paths')) problems.add([...path, 'paths'], 'paths is required: the files or globs to read, e.g. /var/log/app/*.log');
  for (const [index, entry] of paths.entries()) if (!entry.startsWith('/')) problems.add([...path, 'paths', index], `${entry} is not an absolute path`);
  const format = section['format'] ?? 'plain';
  if (format !== 'plain' && format !== 'json') problems.add([...path, 'format'], 'format must be plain or json');
  const source = optionalText(problems, section, path, 'pattern') ?? DEFAULT_PATTERN;
  let pattern = new RegExp(DEFAULT_PATTERN);
  try {
    pattern = new RegExp(source);
    if (format === 'plain' && !/\((?!\?)|\(\?<timestamp>/.test(source)) problems.add([...path, 'pattern'], 'pattern needs a group that captures the timestamp: (?<timestamp>...) or the first (...)');
  } catch (error) {
    problems.add([...path, 'pattern'], `pattern is not a regular expression: ${(error as Error).message}`);
  }
  const layout = optionalText(problems, section, path, 'layout') ?? 'RFC3339';
  if (!isTimestampLayout(layout)) problems.add([...path, 'layout'], `layout ${layout} is not known: RFC3339, unix, unix_ms or a pattern of YYYY MM DD HH mm ss SSS Z, e.g. YYYY-MM-DD HH:mm:ss.SSS`);
  return {
    kind: 'file',
    paths,
    format: format === 'json' ? 'json' : 'plain',
    pattern,
    layout,
    fields: fieldsOf(problems, section, path, 'timestamp'),
    labels: labelMap(problems, section['labels'], [...path, 'labels']),
  };
}

function postgresSpec(problems: Problems, section: Record<string, unknown>): PostgresSpec {
  const path = ['postgres'];
  const result: PostgresSpec = { kind: 'postgres', ...endpoint(problems, section, path, false), columns: { timestamp: 'timestamp', message: 'message' } };
  const table = optionalText(problems, section, path, 'table');
  const query = optionalText(problems, section, path, 'query');
  if (!table && !query) problems.add([...path, 'table'], 'table or query is required');
  if (table && query) problems.add([...path, 'query'], 'give table or query, not both');
  if (table && !IDENTIFIER.test(table)) problems.add([...path, 'table'], `table ${table} must be a name or schema.name`);
  if (query && !result.connection && !result.url) problems.add([...path, 'query'], "query needs a connection: Pharos's own database is read through table only");
  if (table) result.table = table;
  if (query) result.query = query;
  const columns = section['columns'] ?? {};
  if (!isRecord(columns)) {
    problems.add([...path, 'columns'], 'columns must be a mapping of timestamp, message and labels');
    return result;
  }
  for (const field of ['timestamp', 'message'] as const) {
    const column = optionalText(problems, columns, [...path, 'columns'], field);
    if (column && !COLUMN.test(column)) problems.add([...path, 'columns', field], `${column} is not a column name`);
    if (column) result.columns[field] = column;
  }
  const labels = columns['labels'];
  if (typeof labels === 'string') {
    if (!COLUMN.test(labels)) problems.add([...path, 'columns', 'labels'], `${labels} is not a column name`);
    result.columns.labels = labels;
  } else if (labels !== undefined) {
    const list = textList(problems, labels, [...path, 'columns', 'labels'], 'labels');
    for (const column of list) if (!COLUMN.test(column)) problems.add([...path, 'columns', 'labels'], `${column} is not a column name`);
    result.columns.labels = list;
  }
  return result;
}

function lokiSpec(problems: Problems, section: Record<string, unknown>): LokiSpec {
  const path = ['loki'];
  const selector = optionalText(problems, section, path, 'selector');
  if (selector && !/^\{.*\}$/s.test(selector)) problems.add([...path, 'selector'], 'selector must be a LogQL stream selector, e.g. {job="app"}');
  return { kind: 'loki', ...endpoint(problems, section, path, true), ...(selector ? { selector } : {}) };
}

function searchEngineSpec(problems: Problems, kind: 'opensearch' | 'elasticsearch', section: Record<string, unknown>): SearchEngineSpec {
  const path = [kind];
  const index = optionalText(problems, section, path, 'index');
  if (!index) problems.add([...path, 'index'], 'index is required, e.g. logs-*');
  let query: Record<string, unknown> | undefined;
  const raw = section['query'];
  if (typeof raw === 'string') {
    try {
      const parsed = parseJsonWithin(raw);
      if (isRecord(parsed)) query = parsed;
      else problems.add([...path, 'query'], 'query must be a JSON object (a query clause)');
    } catch (error) {
      problems.add([...path, 'query'], `query is not JSON: ${(error as Error).message}`);
    }
  } else if (isRecord(raw)) query = raw;
  else if (raw !== undefined && raw !== null) problems.add([...path, 'query'], 'query must be a query clause (an object or its JSON)');
  return { kind, ...endpoint(problems, section, path, true), index: index ?? '', ...(query ? { query } : {}), fields: fieldsOf(problems, section, path, '@timestamp') };
}

function kubernetesSpec(problems: Problems, section: Record<string, unknown>): KubernetesLogSpec {
  const path = ['kubernetes'];
  const result: KubernetesLogSpec = { kind: 'kubernetes' };
  const connection = optionalText(problems, section, path, 'connection');
  const kubeconfig = secretOrValue(problems, section, path, 'kubeconfig');
  if (connection && kubeconfig) problems.add([...path, 'kubeconfig'], 'give connection or kubeconfig, not both');
  if (connection) result.connection = connection;
  if (kubeconfig) result.kubeconfig = kubeconfig;
  for (const field of ['namespace', 'labelSelector', 'pod', 'container'] as const) {
    const value = optionalText(problems, section, path, field);
    if (value) result[field] = value;
  }
  return result;
}

/** The backend a spec describes, or every problem found in it. */
export function parseBackendSpec(spec: unknown): { backend: BackendSpec } | { problems: SpecProblem[] } {
  const problems = new Problems();
  if (!isRecord(spec)) return { problems: [{ path: [], reason: `spec must be a mapping with one of ${BACKEND_KINDS.join(', ')}` }] };
  const kinds = BACKEND_KINDS.filter((kind) => spec[kind] !== undefined && spec[kind] !== null);
  if (kinds.length !== 1) {
    const reason = kinds.length === 0 ? `one of ${BACKEND_KINDS.join(', ')} is required` : `only one of ${kinds.join(', ')} may be given`;
    return { problems: [{ path: kinds.length === 0 ? [] : [kinds[1]!], reason }] };
  }
  const kind = kinds[0]!;
  const section = spec[kind];
  if (!isRecord(section)) return { problems: [{ path: [kind], reason: `${kind} must be a mapping` }] };
  const backend =
    kind === 'file' ? fileSpec(problems, section)
    : kind === 'postgres' ? postgresSpec(problems, section)
    : kind === 'loki' ? lokiSpec(problems, section)
    : kind === 'kubernetes' ? kubernetesSpec(problems, section)
    : searchEngineSpec(problems, kind, section);
  return problems.list.length > 0 ? { problems: problems.list } : { backend };
}

/** The problems in one line each: `file.paths: paths is required`. */
export function describeProblems(problems: readonly SpecProblem[]): string {
  return problems.map((problem) => (problem.path.length ? `${problem.path.join('.')}: ${problem.reason}` : problem.reason)).join('; ');
}
