import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Grafana Loki cannot run here: Debian's package named `loki` is an unrelated genetics program, and
 * nothing else here ships Grafana Loki. Log backends of kind loki meet this stand-in instead: a
 * loopback HTTP server answering `GET /loki/api/v1/query_range` the way Loki does, over streams it
 * is given: a LogQL stream selector (`=`, `!=`, `=~`, `!~` matchers) and line filters (`|=`, `!=`,
 * `|~`, `!~`; double-quoted or backtick strings; `(?i)` for case-insensitive regular expressions),
 * `start` inclusive and `end` exclusive in nanoseconds, `limit` (default 100) and `direction`
 * (default backward), with basic auth, Loki's `{status, data: {resultType: 'streams', result}}`
 * answer and its plain-text errors. A stream labelled `slow="true"` answers only after `slowMs`
 * (to see a search given up); it records requests and requests the client abandoned.
 */

export interface LokiStream {
  labels: Record<string, string>;
  /** [nanoseconds since the epoch, line] */
  entries: [bigint, string][];
}

export interface LokiStandIn {
  url: string;
  requests: URLSearchParams[];
  /** Requests whose client went away before the answer. */
  abandoned: number;
  close(): Promise<void>;
}

type Matcher = { name: string; op: string; value: string };
type LineFilter = { op: string; value: string };

class ParseError extends Error {}

function readString(text: string, at: number): { value: string; next: number } {
  const quote = text[at];
  if (quote === '`') {
    const end = text.indexOf('`', at + 1);
    if (end === -1) throw new ParseError(`parse error at col ${at + 1}: unterminated raw string`);
    return { value: text.slice(at + 1, end), next: end + 1 };
  }
  if (quote !== '"') throw new ParseError(`parse error at col ${at + 1}: syntax error: unexpected ${text[at] ?? 'end of input'}, expecting STRING`);
  let value = '';
  let i = at + 1;
  for (; i < text.length && text[i] !== '"'; i++) {
    if (text[i] === '\\') i++;
    value += text[i] ?? '';
  }
  if (i >= text.length) throw new ParseError(`parse error at col ${at + 1}: unterminated string`);
  return { value, next: i + 1 };
}

function parseQuery(query: string): { matchers: Matcher[]; filters: LineFilter[] } {
  const text = query.trim();
  if (!text.startsWith('{')) throw new ParseError('parse error at line 1, col 1: syntax error: unexpected IDENTIFIER, expecting {');
  const matchers: Matcher[] = [];
  let at = 1;
  const skip = () => {
    while (text[at] === ' ' || text[at] === ',') at++;
  };
  skip();
  while (text[at] !== '}') {
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at))?.[0];
    if (!name) throw new ParseError(`parse error at line 1, col ${at + 1}: syntax error: unexpected ${text[at] ?? 'end of input'}, expecting IDENTIFIER`);
    at += name.length;
    const op = /^(=~|!~|!=|=)/.exec(text.slice(at))?.[0];
    if (!op) throw new ParseError(`parse error at line 1, col ${at + 1}: syntax error: unexpected ${text[at] ?? 'end of input'}`);
    at += op.length;
    const { value, next } = readString(text, at);
    matchers.push({ name, op, value });
    at = next;
    skip();
    if (at >= text.length) throw new ParseError('parse error: syntax error: unexpected end of input, expecting }');
  }
  at++;
  if (!matchers.some((matcher) => (matcher.op === '=' && matcher.value !== '') || (matcher.op === '=~' && !new RegExp(`^(?:${matcher.value})$`).test('')))) {
    throw new ParseError('parse error : queries require at least one regexp or equality matcher that does not have an empty-compatible value. For instance, app=~".*" does not meet this requirement, but app=~".+" will');
  }
  const filters: LineFilter[] = [];
  for (;;) {
    while (text[at] === ' ') at++;
    if (at >= text.length) break;
    const op = /^(\|=|!=|\|~|!~)/.exec(text.slice(at))?.[0];
    if (!op) throw new ParseError(`parse error at line 1, col ${at + 1}: syntax error: unexpected ${text.slice(at, at + 10)}`);
    at += op.length;
    while (text[at] === ' ') at++;
    const { value, next } = readString(text, at);
    filters.push({ op, value });
    at = next;
  }
  return { matchers, filters };
}

/** Go's `(?i)` prefix as JavaScript's flag. */
function regex(source: string): RegExp {
  return source.startsWith('(?i)') ? new RegExp(source.slice(4), 'i') : new RegExp(source);
}

function streamMatches(labels: Record<string, string>, matchers: Matcher[]): boolean {
  return matchers.every(({ name, op, value }) => {
    const actual = labels[name] ?? '';
    if (op === '=') return actual === value;
    if (op === '!=') return actual !== value;
    const matched = new RegExp(`^(?:${value})$`).test(actual);
    return op === '=~' ? matched : !matched;
  });
}

function lineMatches(line: string, filters: LineFilter[]): boolean {
  return filters.every(({ op, value }) => {
    if (op === '|=') return line.includes(value);
    if (op === '!=') return !line.includes(value);
    const matched = regex(value).test(line);
    return op === '|~' ? matched : !matched;
  });
}

function nanoseconds(text: string | null, fallback: bigint): bigint {
  if (text === null || text === '') return fallback;
  if (!/^\d+$/.test(text)) throw new ParseError(`invalid parameter: cannot parse "${text}" to a valid timestamp`);
  return BigInt(text);
}

export async function startLokiStandIn(options: { streams: LokiStream[]; username?: string; password?: string; slowMs?: number }): Promise<LokiStandIn> {
  const requests: URLSearchParams[] = [];
  const standIn = { abandoned: 0 };
  const expected = options.username ? `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}` : undefined;
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://loki');
    const plain = (status: number, text: string) => response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
    if (expected && request.headers.authorization !== expected) return plain(401, 'no org id');
    if (url.pathname !== '/loki/api/v1/query_range' || request.method !== 'GET') return plain(404, '404 page not found');
    const params = url.searchParams;
    requests.push(params);
    let answer: unknown;
    let slow = false;
    try {
      const { matchers, filters } = parseQuery(params.get('query') ?? '');
      const now = BigInt(Date.now()) * 1_000_000n;
      const end = nanoseconds(params.get('end'), now);
      const start = nanoseconds(params.get('start'), end - 3_600_000_000_000n);
      const limit = Number(params.get('limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1) throw new ParseError('invalid parameter: limit must be a positive integer');
      const direction = params.get('direction') ?? 'backward';
      if (direction !== 'backward' && direction !== 'forward') throw new ParseError(`invalid parameter: invalid direction '${direction}'`);
      const selected = options.streams.filter((stream) => streamMatches(stream.labels, matchers));
      slow = selected.some((stream) => stream.labels['slow'] === 'true');
      const all = selected.flatMap((stream) => stream.entries.filter(([time, line]) => time >= start && time < end && lineMatches(line, filters)).map(([time, line]) => ({ stream, time, line })));
      all.sort((a, b) => (a.time === b.time ? 0 : (a.time < b.time) === (direction === 'backward') ? 1 : -1));
      const kept = all.slice(0, limit);
      const result = selected
        .map((stream) => ({ stream: stream.labels, values: kept.filter((entry) => entry.stream === stream).map((entry) => [String(entry.time), entry.line]) }))
        .filter((stream) => stream.values.length > 0);
      answer = { status: 'success', data: { resultType: 'streams', result, stats: {} } };
    } catch (error) {
      if (error instanceof ParseError) return plain(400, error.message);
      throw error;
    }
    const send = () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (!slow) return send();
    const timer = setTimeout(send, options.slowMs ?? 10_000);
    response.once('close', () => {
      if (!response.writableFinished) {
        standIn.abandoned++;
        clearTimeout(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    get abandoned() {
      return standIn.abandoned;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
