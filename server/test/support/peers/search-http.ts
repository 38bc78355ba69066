import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Neither Elasticsearch nor OpenSearch can be installed here (no Debian package, no download), so
 * their checks meet this stand-in: a loopback HTTP server answering `POST /{index}/_search` the way
 * both do, for a `match_all` or a `term` query over its documents, with their basic auth and error
 * shapes (`{error: {type, reason}, status}`). It keeps the requests it got, to check what was sent.
 */

export interface SearchRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

export interface SearchStandIn {
  url: string;
  requests: SearchRequest[];
  close(): Promise<void>;
}

type Source = Record<string, unknown>;

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** The value at a dotted path of a document (`system.role`). */
function valueAt(source: Source, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Source)[key] : undefined), source);
}

function matches(source: Source, query: unknown): boolean {
  const clause = (query as { query?: Record<string, unknown> } | null)?.query;
  if (!clause || 'match_all' in clause) return true;
  const term = clause['term'] as Record<string, unknown> | undefined;
  if (!term) throw new Error('only match_all and term queries are understood here');
  return Object.entries(term).every(([field, wanted]) => valueAt(source, field) === (wanted && typeof wanted === 'object' ? (wanted as { value?: unknown }).value : wanted));
}

export async function startSearchStandIn(options: { username: string; password: string; indices: Record<string, Source[]> }): Promise<SearchStandIn> {
  const requests: SearchRequest[] = [];
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    void read(request).then((text) => {
      const path = request.url ?? '/';
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // kept as text: the answer below says it is not JSON
      }
      requests.push({ method: request.method ?? '', path, contentType: request.headers['content-type'], authorization: request.headers.authorization, body });
      const send = (status: number, answer: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      const error = (status: number, type: string, reason: string) => send(status, { error: { root_cause: [{ type, reason }], type, reason }, status });
      if (request.headers.authorization !== expected) return error(401, 'security_exception', `missing authentication credentials for REST request [${path}]`);
      const route = /^\/(?:([^/_][^/]*)\/)?_search$/.exec(path.split('?')[0]!);
      if (!route || (request.method !== 'POST' && request.method !== 'GET')) return error(405, 'illegal_argument_exception', `no handler for ${request.method} ${path}`);
      if (typeof body === 'string') return error(400, 'x_content_parse_exception', 'the body is not JSON');
      const names = route[1] ? decodeURIComponent(route[1]).split(',') : Object.keys(options.indices);
      const missing = names.find((name) => !options.indices[name]);
      if (missing) return error(404, 'index_not_found_exception', `no such index [${missing}]`);
      let hits: { _index: string; _id: string; _score: number; _source: Source }[];
      try {
        hits = names.flatMap((name) => options.indices[name]!.map((source, index) => ({ _index: name, _id: String(index + 1), _score: 1, _source: source })).filter((hit) => matches(hit._source, body)));
      } catch (cause) {
        return error(400, 'parsing_exception', (cause as Error).message);
      }
      send(200, {
        took: 1,
        timed_out: false,
        _shards: { total: names.length, successful: names.length, skipped: 0, failed: 0 },
        hits: { total: { value: hits.length, relation: 'eq' }, max_score: hits.length > 0 ? 1 : null, hits },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
