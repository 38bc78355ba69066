import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Neither OpenSearch nor Elasticsearch can be installed here (no Debian package, no download), so
 * log backends of those kinds meet this stand-in: a loopback HTTP server answering `POST
 * /{index}/_search` over its documents the way both do for the queries a log search sends: `bool`
 * with `filter` and `must` lists, `range` (gte/lte, ISO times), `term`, `wildcard` (with
 * `case_insensitive`) and `match_all`; `sort` on one field, `size` and `from`; index patterns with
 * `*`; basic auth; hits carrying their sort value (epoch milliseconds for times) and the error
 * shape `{error: {type, reason}, status}`. (The health checks' search stand-in understands only
 * match_all and term.)
 */

type Source = Record<string, unknown>;

export interface LogSearchStandIn {
  url: string;
  bodies: unknown[];
  close(): Promise<void>;
}

class QueryError extends Error {}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function valueAt(source: Source, path: string): unknown {
  if (path in source) return source[path];
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Source)[key] : undefined), source);
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function wildcard(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

function matches(source: Source, clause: unknown): boolean {
  const [type, body] = Object.entries(record(clause))[0] ?? [];
  switch (type) {
    case 'match_all':
      return true;
    case 'bool': {
      const bool = record(body);
      const list = (key: string): unknown[] => (Array.isArray(bool[key]) ? (bool[key] as unknown[]) : bool[key] ? [bool[key]] : []);
      return [...list('filter'), ...list('must')].every((inner) => matches(source, inner)) && !list('must_not').some((inner) => matches(source, inner));
    }
    case 'term': {
      const [field, wanted] = Object.entries(record(body))[0] ?? [];
      const value = wanted && typeof wanted === 'object' ? record(wanted)['value'] : wanted;
      return field !== undefined && valueAt(source, field) === value;
    }
    case 'range': {
      const [field, bounds] = Object.entries(record(body))[0] ?? [];
      const time = Date.parse(String(valueAt(source, field ?? '')));
      const { gte, lte } = record(bounds);
      return !Number.isNaN(time) && (gte === undefined || time >= Date.parse(String(gte))) && (lte === undefined || time <= Date.parse(String(lte)));
    }
    case 'wildcard': {
      const [field, spec] = Object.entries(record(body))[0] ?? [];
      const { value, case_insensitive: caseInsensitive } = record(spec);
      const actual = valueAt(source, field ?? '');
      return typeof actual === 'string' && wildcard(String(value), caseInsensitive === true).test(actual);
    }
    default:
      throw new QueryError(`unknown query [${String(type)}]`);
  }
}

export async function startLogSearchStandIn(options: { username: string; password: string; indices: Record<string, Source[]> }): Promise<LogSearchStandIn> {
  const bodies: unknown[] = [];
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    void read(request).then((text) => {
      const path = (request.url ?? '/').split('?')[0]!;
      const send = (status: number, answer: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      const error = (status: number, type: string, reason: string) => send(status, { error: { root_cause: [{ type, reason }], type, reason }, status });
      if (request.headers.authorization !== expected) return error(401, 'security_exception', `missing authentication credentials for REST request [${path}]`);
      const route = /^\/([^/_][^/]*)\/_search$/.exec(path);
      if (!route || request.method !== 'POST') return error(405, 'illegal_argument_exception', `no handler for ${request.method} ${path}`);
      let body: Record<string, unknown>;
      try {
        body = record(JSON.parse(text));
      } catch {
        return error(400, 'x_content_parse_exception', 'the body is not JSON');
      }
      bodies.push(body);
      const patterns = decodeURIComponent(route[1]!).split(',');
      const names = Object.keys(options.indices).filter((name) => patterns.some((pattern) => wildcard(pattern, false).test(name)));
      const missing = patterns.find((pattern) => !pattern.includes('*') && !options.indices[pattern]);
      if (missing) return error(404, 'index_not_found_exception', `no such index [${missing}]`);
      const [sortField, sortSpec] = Object.entries(record((Array.isArray(body['sort']) ? body['sort'][0] : undefined) ?? {}))[0] ?? [];
      const descending = record(sortSpec)['order'] === 'desc';
      let hits;
      try {
        hits = names
          .flatMap((name) => options.indices[name]!.map((source, index) => ({ _index: name, _id: `${name}-${index + 1}`, _score: null, _source: source })))
          .filter((hit) => matches(hit._source, body['query'] ?? { match_all: {} }))
          .map((hit) => ({ ...hit, ...(sortField ? { sort: [Date.parse(String(valueAt(hit._source, sortField)))] } : {}) }));
      } catch (cause) {
        return error(400, 'parsing_exception', (cause as Error).message);
      }
      if (sortField) hits.sort((a, b) => (descending ? b.sort![0]! - a.sort![0]! : a.sort![0]! - b.sort![0]!));
      const from = Number(body['from'] ?? 0);
      const size = Number(body['size'] ?? 10);
      send(200, {
        took: 1,
        timed_out: false,
        _shards: { total: names.length, successful: names.length, skipped: 0, failed: 0 },
        hits: { max_score: null, hits: hits.slice(from, from + size) },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
