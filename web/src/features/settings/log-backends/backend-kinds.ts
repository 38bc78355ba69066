import { input, isRecord, select } from '@pharos/core';
import type { SpecFieldsDefinition } from '../../../ui/resource-settings/spec-fields';

/** How a file backend reads its lines: plain text (a pattern) or JSON objects. */
export const LOG_FILE_FORMATS = ['plain', 'json'] as const;

/** One kind of log backend: its key in the spec (`spec.{kind}`, exactly one) and its fields. */
export interface LogBackendKind extends SpecFieldsDefinition {
  kind: string;
  title: string;
}

const connection = input('connection', 'Connection', { hint: 'connection://namespace/name' });
const url = input('url', 'URL', { hint: 'http://host:port, when no connection is named' });
const jsonFields = (timestamp: string) => [
  input('fields.timestamp', 'Timestamp field', { hint: `A dotted path; ${timestamp} when empty` }),
  input('fields.message', 'Message field', { hint: 'A dotted path; message when empty' }),
  input('fields.labels', 'Label fields', { hint: 'Comma-separated dotted paths shown as labels' }),
];

/** Files on the server, Pharos's PostgreSQL tables, Loki, OpenSearch, Elasticsearch and pod logs of a Kubernetes cluster. */
export const LOG_BACKEND_KINDS: readonly LogBackendKind[] = [
  {
    kind: 'file',
    title: 'Files',
    fields: [
      input('paths', 'Paths', { required: true, hint: 'Comma-separated absolute files or globs on the server: /var/log/app/*.log' }),
      select('format', 'Line format', LOG_FILE_FORMATS, { default: 'plain' }),
      input('pattern', 'Pattern', { hint: 'Plain lines: a regular expression with (?<timestamp>…), (?<message>…) and label groups' }),
      input('layout', 'Timestamp layout', { hint: 'RFC3339 (default), unix, unix_ms or e.g. YYYY-MM-DD HH:mm:ss.SSS' }),
      ...jsonFields('timestamp'),
      input('labels', 'Labels', { multiline: true, hint: 'Added to every line, one key=value a line' }),
    ],
    encodings: { paths: 'list', 'fields.labels': 'list', labels: 'pairLines' },
  },
  {
    kind: 'postgres',
    title: 'PostgreSQL',
    fields: [
      input('connection', 'Connection', { hint: "connection://namespace/name; Pharos's own database when empty" }),
      input('url', 'URL', { hint: 'postgres://user@host/db, when no connection is named' }),
      input('table', 'Table', { hint: 'A table or view (name or schema.name); or a query' }),
      input('query', 'Query', { multiline: true, hint: 'A SELECT, through a connection' }),
      input('columns.timestamp', 'Timestamp column', { hint: 'timestamp when empty' }),
      input('columns.message', 'Message column', { hint: 'message when empty' }),
      input('columns.labels', 'Labels column', { hint: 'A jsonb column, or comma-separated columns' }),
    ],
    encodings: {},
  },
  {
    kind: 'loki',
    title: 'Loki',
    fields: [connection, url, input('selector', 'Stream selector', { hint: 'LogQL, used when a search names no label: {job="app"}' })],
    encodings: {},
  },
  ...(['opensearch', 'elasticsearch'] as const).map(
    (kind): LogBackendKind => ({
      kind,
      title: kind === 'opensearch' ? 'OpenSearch' : 'Elasticsearch',
      fields: [connection, url, input('index', 'Index', { required: true, hint: 'logs-*' }), input('query', 'Query', { multiline: true, hint: 'A query clause (JSON) every search must also match' }), ...jsonFields('@timestamp')],
      encodings: { 'fields.labels': 'list' },
    }),
  ),
  {
    kind: 'kubernetes',
    title: 'Kubernetes',
    fields: [
      input('connection', 'Connection', { hint: 'A kubernetes connection (connection://namespace/name); the pod Pharos runs in when empty. A kubeconfig goes in the YAML' }),
      input('namespace', 'Namespace', { hint: "The pods' namespace when a search names none; every namespace when empty" }),
      input('labelSelector', 'Label selector', { hint: 'Pods to read, e.g. app=web,tier!=cache' }),
      input('pod', 'Pod', { hint: 'One pod by name (with a namespace)' }),
      input('container', 'Container', { hint: "Every container of each pod when empty" }),
    ],
    encodings: {},
  },
];

export const logBackendKind = (kind: string): LogBackendKind | undefined => LOG_BACKEND_KINDS.find((candidate) => candidate.kind === kind);

/** The kind a spec is of: its key naming a known kind (a backend has exactly one). */
export function kindOfSpec(spec: Record<string, unknown>): LogBackendKind | undefined {
  return LOG_BACKEND_KINDS.find((candidate) => isRecord(spec[candidate.kind]));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What a kind needs beyond its required fields: where to connect, a table or a query, absolute paths, JSON. */
export function kindProblems(kind: LogBackendKind, section: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const endpoint = text(section['connection']) !== '' || text(section['url']) !== '';
  if (kind.kind === 'file') {
    const paths = Array.isArray(section['paths']) ? section['paths'].map(String) : [];
    for (const path of paths) if (!path.startsWith('/')) problems.push(`${path} is not an absolute path`);
  }
  if (kind.kind === 'postgres') {
    const table = text(section['table']);
    const query = text(section['query']);
    if (!table && !query) problems.push('table or query is required');
    if (table && query) problems.push('give table or query, not both');
    if (query && !endpoint) problems.push("query needs a connection: Pharos's own database is read through table only");
  }
  if (kind.kind === 'loki' || kind.kind === 'opensearch' || kind.kind === 'elasticsearch') {
    if (!endpoint) problems.push('url or connection is required');
  }
  if (kind.kind === 'kubernetes') {
    if (text(section['connection']) && section['kubeconfig'] !== undefined) problems.push('give connection or kubeconfig, not both');
  }
  if ((kind.kind === 'opensearch' || kind.kind === 'elasticsearch') && text(section['query'])) {
    try {
      const parsed: unknown = JSON.parse(text(section['query']));
      if (!isRecord(parsed)) problems.push('query must be a JSON object (a query clause)');
    } catch {
      problems.push('query is not JSON');
    }
  }
  return problems;
}
