import { isRecord, resolveTimeRange } from '@pharos/core';

/**
 * The body of `POST /api/logs`: a component `id` (with the `name` of one of its log selectors, the
 * first when absent), or without `id` the `name` of a log backend; a `query` (case-insensitive text
 * of the message), `labels` to match, a time range (`start`: `15m`, `2d`, `now-1h` or an ISO time;
 * `end`: the same, default now), `limit` (default 100, at most 1000) and `page` (a previous
 * answer's `nextPage`).
 */
export interface LogsRequest {
  id?: string;
  name?: string;
  query: string;
  labels: Record<string, string>;
  start: Date;
  end: Date;
  limit: number;
  page?: string;
}

export class LogsRequestError extends Error {}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
/** What a search without `start` covers: the time range pickers' default, the last 2 days. */
export const DEFAULT_RANGE = '2d';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `15m`, `2d`, `6mo`, `now`, `now-1h` or an ISO time (or milliseconds since the epoch). */
export function parseTime(field: string, value: unknown, now: Date): Date {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value !== 'string' || value.trim() === '') throw new LogsRequestError(`${field} must be a time: a range like 15m, 1h or 2d, now-1h, or an ISO time`);
  const text = value.trim();
  if (text === 'now') return now;
  const relative = /^(?:now-)?(\d+(?:mo|m|h|d|w|y))$/.exec(text);
  if (relative) return resolveTimeRange({ type: 'relative', display: text, range: relative[1]! }, now).from;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new LogsRequestError(`${field} '${text}' is not a time: a range like 15m, 1h or 2d, now-1h, or an ISO time`);
  return new Date(time);
}

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new LogsRequestError(`${field} must be a string`);
  return value.trim() || undefined;
}

export function parseLogsRequest(body: unknown, now = new Date()): LogsRequest {
  if (!isRecord(body)) throw new LogsRequestError('the body must be a JSON object with id (a component) or name (a log backend), query, start and end');
  const id = optionalText(body, 'id');
  const name = optionalText(body, 'name');
  if (!id && !name) throw new LogsRequestError('id (a component with logs) or name (a log backend) is required');
  if (id && !UUID.test(id)) throw new LogsRequestError(`id '${id}' is not a component id (a UUID)`);
  const labels = body['labels'] ?? {};
  if (!isRecord(labels) || Object.values(labels).some((value) => typeof value !== 'string')) throw new LogsRequestError('labels must be an object of names to strings');
  const start = parseTime('start', body['start'] ?? DEFAULT_RANGE, now);
  const end = parseTime('end', body['end'] ?? 'now', now);
  if (start.getTime() > end.getTime()) throw new LogsRequestError('start must not be after end');
  const rawLimit = body['limit'] ?? DEFAULT_LIMIT;
  const limit = typeof rawLimit === 'string' && /^\d+$/.test(rawLimit) ? Number(rawLimit) : rawLimit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) throw new LogsRequestError('limit must be a whole number from 1');
  const query = body['query'] ?? '';
  if (typeof query !== 'string') throw new LogsRequestError('query must be a string');
  const page = optionalText(body, 'page');
  return {
    ...(id ? { id } : {}),
    ...(name ? { name } : {}),
    query: query.trim(),
    labels: labels as Record<string, string>,
    start,
    end,
    limit: Math.min(limit, MAX_LIMIT),
    ...(page ? { page } : {}),
  };
}
