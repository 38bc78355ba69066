import { isRecord } from '@pharos/core';
import { request } from 'undici';
import { basicAuthorization } from '../../http/basic-auth.js';
import { failed, number, slower, text, type CheckRunner, type RunContext } from './types.js';

type Engine = 'elasticsearch' | 'opensearch';

/** hits.total is `{value, relation}` since Elasticsearch 7 and in OpenSearch; a number before. */
function hitCount(answer: Record<string, unknown>): number | undefined {
  const hits = answer['hits'];
  if (!isRecord(hits)) return undefined;
  const total = hits['total'];
  return typeof total === 'number' ? total : isRecord(total) ? number(total['value']) : undefined;
}

/** The error an Elasticsearch or OpenSearch answer names: `{error: {type, reason}}`, or its text. */
function errorOf(answer: unknown): string {
  if (isRecord(answer) && isRecord(answer['error'])) {
    const { type, reason } = answer['error'];
    return [type, reason].filter((part) => typeof part === 'string').join(': ');
  }
  return typeof answer === 'string' ? answer.trim() : JSON.stringify(answer);
}

/**
 * POSTs `query` (a JSON search body) to {url}/{index}/_search (every index without one). With
 * `results`, the number of hits (hits.total.value) must be that; `markFailOnEmpty` fails on none.
 * Variables: results (the answer, as canary-checker hands it), count (the hits), hits (the returned
 * documents' _source).
 */
function searchCheckOf(engine: Engine): CheckRunner {
  return async (spec: Record<string, unknown>, context: RunContext) => {
    const base = text(spec['url']);
    if (!base) return failed('url (or a connection) is required');
    const index = text(spec['index']);
    const query = text(spec['query']) ?? '{"query": {"match_all": {}}}';
    try {
      JSON.parse(query);
    } catch (error) {
      return failed(`query is not JSON: ${(error as Error).message}`);
    }
    const username = await context.value(spec['username']);
    const password = await context.value(spec['password']);
    const path = index ? `/${index.split(',').map(encodeURIComponent).join(',')}/_search` : '/_search';
    const started = performance.now();
    let status: number;
    let answer: unknown;
    try {
      const response = await request(`${base.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        body: query,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': context.userAgent,
          ...(username || password ? { authorization: basicAuthorization(username ?? '', password ?? '') } : {}),
        },
        signal: context.signal,
      });
      status = response.statusCode;
      const body = await response.body.text();
      try {
        answer = JSON.parse(body);
      } catch {
        answer = body;
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return failed(`${engine}: ${code ? `${code}: ` : ''}${(error as Error).message}`, Math.round(performance.now() - started));
    }
    const duration = Math.round(performance.now() - started);
    if (status < 200 || status > 299) return failed(`${engine} answered HTTP ${status}: ${errorOf(answer)}`, duration);
    const count = isRecord(answer) ? hitCount(answer) : undefined;
    if (!isRecord(answer) || count === undefined) return failed(`${engine} answered without hits.total`, duration);
    const documents = isRecord(answer['hits']) && Array.isArray(answer['hits']['hits']) ? answer['hits']['hits'] : [];
    const hits = documents.map((hit) => (isRecord(hit) ? (hit['_source'] ?? null) : null));
    const data = { results: answer, count, hits, duration };
    if (count === 0 && spec['markFailOnEmpty'] === true) return failed('the query returned no hits', duration, data);
    const expected = number(spec['results']);
    if (expected !== undefined && count !== expected) return failed(`the query returned ${count} hits, expected ${expected}`, duration, data);
    const tooSlow = slower(duration, spec);
    return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: `${count} hit${count === 1 ? '' : 's'}`, data };
  };
}

export const elasticsearchCheck = searchCheckOf('elasticsearch');
export const opensearchCheck = searchCheckOf('opensearch');
