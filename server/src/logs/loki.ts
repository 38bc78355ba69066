import { isRecord } from '@pharos/core';
import { decodeTimeCursor, timePage } from './cursor.js';
import type { ResolvedEndpoint } from './endpoint.js';
import { requestJson } from './http.js';
import type { LokiSpec } from './spec.js';
import { BackendError, PageError, SearchError, type LogPage, type LogSearch, type LogSource } from './types.js';

const LABEL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoted = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
/** RE2 (Loki's regular expressions) metacharacters. */
const regexEscaped = (text: string): string => text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');

/** The LogQL of a search: a stream selector of the labels (added to the backend's own selector), then a case-insensitive line filter. */
export function logql(spec: LokiSpec, search: LogSearch): string {
  const matchers = Object.entries(search.labels).map(([name, value]) => {
    if (!LABEL_NAME.test(name)) throw new SearchError(`${name} is not a Loki label name`);
    return `${name}=${quoted(value)}`;
  });
  let selector: string;
  if (spec.selector) {
    const inner = spec.selector.slice(1, -1).trim();
    selector = `{${[inner, ...matchers].filter((part) => part !== '').join(', ')}}`;
  } else if (matchers.length > 0) selector = `{${matchers.join(', ')}}`;
  else throw new SearchError('Loki searches need a stream selector: give labels (the log selector of the component or the search) or the backend a loki.selector');
  return search.query === '' ? selector : `${selector} |~ ${quoted(`(?i)${regexEscaped(search.query)}`)}`;
}

const nanoseconds = (time: Date): bigint => BigInt(time.getTime()) * 1_000_000n;

function errorText(answer: unknown): string {
  if (isRecord(answer) && typeof answer['error'] === 'string') return answer['error'];
  if (isRecord(answer) && typeof answer['message'] === 'string') return answer['message'];
  return typeof answer === 'string' ? answer.trim() : JSON.stringify(answer);
}

interface Entry {
  ns: string;
  line: string;
  labels: Record<string, string>;
}

function entriesOf(answer: unknown): Entry[] {
  const data = isRecord(answer) ? answer['data'] : undefined;
  if (!isRecord(data) || data['resultType'] !== 'streams' || !Array.isArray(data['result'])) throw new BackendError('Loki answered without data.result streams');
  const entries: Entry[] = [];
  for (const stream of data['result']) {
    if (!isRecord(stream) || !Array.isArray(stream['values'])) continue;
    const labels = isRecord(stream['stream']) ? Object.fromEntries(Object.entries(stream['stream']).map(([key, value]) => [key, String(value)])) : {};
    for (const value of stream['values']) {
      if (Array.isArray(value) && typeof value[0] === 'string' && /^\d+$/.test(value[0]) && typeof value[1] === 'string') entries.push({ ns: value[0], line: value[1], labels });
    }
  }
  // Newest first across streams; stable, so lines of one time keep Loki's order.
  return entries.sort((a, b) => (BigInt(b.ns) > BigInt(a.ns) ? 1 : BigInt(b.ns) < BigInt(a.ns) ? -1 : 0));
}

/** Grafana Loki through its HTTP API: GET /loki/api/v1/query_range, direction backward. */
export class LokiLogSource implements LogSource {
  constructor(
    private readonly spec: LokiSpec,
    private readonly endpoint: ResolvedEndpoint,
  ) {}

  async search(search: LogSearch, signal: AbortSignal): Promise<LogPage> {
    const cursor = decodeTimeCursor('loki', search.page);
    if (cursor && !/^\d+$/.test(cursor.t)) throw new PageError('page is not a nextPage of this log search: start again without page');
    const end = nanoseconds(search.end) + 1n;
    const params = new URLSearchParams({
      query: logql(this.spec, search),
      start: String(nanoseconds(search.start)),
      // Loki's end is exclusive; a page goes on from the last time returned, itself included.
      end: String(cursor && BigInt(cursor.t) < end ? BigInt(cursor.t) + 1n : end),
      limit: String(search.limit + (cursor?.skip ?? 0)),
      direction: 'backward',
    });
    const answer = await requestJson('Loki', this.endpoint, `/loki/api/v1/query_range?${params}`, { method: 'GET' }, signal, errorText);
    const page = timePage('loki', entriesOf(answer), (entry) => entry.ns, search.limit, cursor);
    return {
      results: page.rows.map((entry) => ({ timestamp: new Date(Number(BigInt(entry.ns) / 1_000_000n)).toISOString(), message: entry.line, labels: entry.labels })),
      ...(page.nextPage ? { nextPage: page.nextPage } : {}),
    };
  }
}
