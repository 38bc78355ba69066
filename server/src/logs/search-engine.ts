import { isRecord } from '@pharos/core';
import { decodeTimeCursor, timePage } from './cursor.js';
import type { ResolvedEndpoint } from './endpoint.js';
import { requestJson } from './http.js';
import type { SearchEngineSpec } from './spec.js';
import { BackendError, PageError, type LogPage, type LogSearch, type LogSource } from './types.js';

const wildcardEscaped = (text: string): string => text.replace(/[\\*?]/g, '\\$&');

function valueAt(source: Record<string, unknown>, path: string): unknown {
  if (path in source) return source[path];
  return path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), source);
}

const text = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The `_search` body of a page: newest first by the time field, the message by a case-insensitive wildcard, labels by term. */
export function searchBody(spec: SearchEngineSpec, search: LogSearch, before: string | undefined, size: number): Record<string, unknown> {
  const { fields } = spec;
  const filter: unknown[] = [
    { range: { [fields.timestamp]: { gte: search.start.toISOString(), lte: before ?? search.end.toISOString(), format: 'strict_date_optional_time' } } },
    ...Object.entries(search.labels).map(([name, value]) => ({ term: { [name]: value } })),
    ...(spec.query ? [spec.query] : []),
  ];
  const must = search.query === '' ? [] : [{ wildcard: { [fields.message]: { value: `*${wildcardEscaped(search.query)}*`, case_insensitive: true } } }];
  return { size, sort: [{ [fields.timestamp]: { order: 'desc' } }], track_total_hits: false, query: { bool: { filter, must } } };
}

function errorText(answer: unknown): string {
  if (isRecord(answer) && isRecord(answer['error'])) {
    const { type, reason } = answer['error'];
    return [type, reason].filter((part) => typeof part === 'string').join(': ');
  }
  return typeof answer === 'string' ? answer.trim() : JSON.stringify(answer);
}

interface Hit {
  t: string;
  source: Record<string, unknown>;
}

function hitsOf(engine: string, answer: unknown, timestamp: string): Hit[] {
  const hits = isRecord(answer) && isRecord(answer['hits']) ? answer['hits']['hits'] : undefined;
  if (!Array.isArray(hits)) throw new BackendError(`${engine} answered without hits.hits`);
  return hits.flatMap((hit: unknown) => {
    if (!isRecord(hit) || !isRecord(hit['_source'])) return [];
    const sorted = Array.isArray(hit['sort']) ? hit['sort'][0] : undefined;
    const time = typeof sorted === 'number' ? new Date(sorted) : new Date(String(valueAt(hit['_source'], timestamp)));
    return Number.isNaN(time.getTime()) ? [] : [{ t: time.toISOString(), source: hit['_source'] }];
  });
}

/** OpenSearch or Elasticsearch through the `_search` API of an index (pattern). */
export class SearchEngineLogSource implements LogSource {
  private readonly engine: string;

  constructor(
    private readonly spec: SearchEngineSpec,
    private readonly endpoint: ResolvedEndpoint,
  ) {
    this.engine = spec.kind === 'opensearch' ? 'OpenSearch' : 'Elasticsearch';
  }

  async search(search: LogSearch, signal: AbortSignal): Promise<LogPage> {
    const cursor = decodeTimeCursor(this.spec.kind, search.page);
    if (cursor && Number.isNaN(Date.parse(cursor.t))) throw new PageError('page is not a nextPage of this log search: start again without page');
    const path = `/${this.spec.index.split(',').map((index) => encodeURIComponent(index.trim())).join(',')}/_search`;
    const body = searchBody(this.spec, search, cursor?.t, search.limit + (cursor?.skip ?? 0));
    const answer = await requestJson(this.engine, this.endpoint, path, { method: 'POST', body }, signal, errorText);
    const page = timePage(this.spec.kind, hitsOf(this.engine, answer, this.spec.fields.timestamp), (hit) => hit.t, search.limit, cursor);
    const { fields } = this.spec;
    return {
      results: page.rows.map((hit) => ({
        timestamp: hit.t,
        message: text(valueAt(hit.source, fields.message)) ?? '',
        labels: Object.fromEntries(fields.labels.flatMap((field) => {
          const value = text(valueAt(hit.source, field));
          return value === undefined ? [] : [[field, value]];
        })),
      })),
      ...(page.nextPage ? { nextPage: page.nextPage } : {}),
    };
  }
}
