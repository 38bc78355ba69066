import { input, isRecord, select } from '@pharos/core';
import type { SpecFieldsDefinition } from '../shared/spec-fields';

/** The line formats a file backend reads. */
export const LOG_FILE_FORMATS = ['text', 'json', 'logfmt'] as const;

/** One kind of log backend: its key in the spec (`spec.{kind}`) and its fields. */
export interface LogBackendKind extends SpecFieldsDefinition {
  kind: string;
  title: string;
}

const connection = input('connection', 'Connection', { hint: 'connection://namespace/name' });
const url = input('url', 'URL', { hint: 'Used when no connection is named' });

/** Files on the server, Pharos's PostgreSQL tables, Loki, OpenSearch and Elasticsearch (issue: log backends). */
export const LOG_BACKEND_KINDS: readonly LogBackendKind[] = [
  {
    kind: 'file',
    title: 'Files',
    fields: [
      input('paths', 'Paths', { required: true, hint: 'Comma-separated files or globs on the server: /var/log/app/*.log' }),
      select('format', 'Line format', LOG_FILE_FORMATS, { default: 'text' }),
    ],
    encodings: { paths: 'list' },
  },
  {
    kind: 'postgres',
    title: 'PostgreSQL',
    fields: [
      input('connection', 'Connection', { hint: "connection://namespace/name; Pharos's own database when empty" }),
      input('table', 'Table', { required: true, hint: 'A table or view with timestamp, message and labels columns' }),
      input('query', 'Query', { multiline: true, hint: 'An SQL condition the rows must meet, e.g. level = \'error\'' }),
    ],
    encodings: {},
  },
  {
    kind: 'loki',
    title: 'Loki',
    fields: [connection, url, input('labels', 'Labels', { multiline: true, hint: 'The stream selector, one key=value a line' })],
    encodings: { labels: 'pairLines' },
  },
  {
    kind: 'opensearch',
    title: 'OpenSearch',
    fields: [connection, url, input('index', 'Index', { required: true, hint: 'logs-*' }), input('query', 'Query', { multiline: true, hint: 'A query string the documents must match' })],
    encodings: {},
  },
  {
    kind: 'elasticsearch',
    title: 'Elasticsearch',
    fields: [connection, url, input('index', 'Index', { required: true, hint: 'logs-*' }), input('query', 'Query', { multiline: true, hint: 'A query string the documents must match' })],
    encodings: {},
  },
];

export const logBackendKind = (kind: string): LogBackendKind | undefined => LOG_BACKEND_KINDS.find((candidate) => candidate.kind === kind);

/** The kind a spec is of: its first key naming a known kind (a backend has one). */
export function kindOfSpec(spec: Record<string, unknown>): LogBackendKind | undefined {
  return LOG_BACKEND_KINDS.find((candidate) => isRecord(spec[candidate.kind]));
}
