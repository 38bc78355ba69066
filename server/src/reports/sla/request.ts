import { durationMs } from '@pharos/core';

/** What the report's rows are: one per check, per component (its checks together) or per value of a label. */
export type SlaGroupBy = { kind: 'check' } | { kind: 'component' } | { kind: 'label'; key: string };

export type SlaFormat = 'json' | 'csv' | 'pdf';

export interface SlaRequest {
  from: Date;
  to: Date;
  groupBy: SlaGroupBy;
  /** The objective, in percent: 99.9 allows 0.1 % of the period down. */
  target: number;
  format: SlaFormat;
  limit: number;
}

/** A request the route refuses: the message says what to change. */
export class SlaRequestError extends Error {}

export const MAX_PERIOD_MS = 5 * 366 * 86_400_000;
export const DEFAULT_PERIOD = '30d';
export const DEFAULT_TARGET = 99.9;
export const DEFAULT_LIMIT = 500;
export const MAX_LIMIT = 10_000;
const FORMATS: readonly SlaFormat[] = ['json', 'csv', 'pdf'];
const KNOWN = new Set(['from', 'to', 'period', 'group_by', 'target', 'format', 'limit']);

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new SlaRequestError(`${name} must be given once`);
  return value;
}

function time(value: string, name: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new SlaRequestError(`${name} must be a date and time such as 2026-01-31T00:00:00Z, not '${value}'`);
  return parsed;
}

function period(query: Record<string, unknown>, now: Date): { from: Date; to: Date } {
  const to = single(query, 'to') === undefined ? now : time(single(query, 'to')!, 'to');
  const fromText = single(query, 'from');
  let from: Date;
  if (fromText !== undefined) {
    if (single(query, 'period') !== undefined) throw new SlaRequestError('Give either from or period, not both');
    from = time(fromText, 'from');
  } else {
    const length = single(query, 'period') ?? DEFAULT_PERIOD;
    const ms = durationMs(length);
    if (ms === undefined) throw new SlaRequestError(`period must be a duration such as 7d, 30d or 365d, not '${length}'`);
    from = new Date(to.getTime() - ms);
  }
  if (from >= to) throw new SlaRequestError('from must be before to');
  if (to.getTime() - from.getTime() > MAX_PERIOD_MS) throw new SlaRequestError('A report covers at most 5 years: choose a later from');
  if (to > new Date(now.getTime() + 60_000)) throw new SlaRequestError('to must not be in the future');
  return { from, to };
}

function groupBy(value: string | undefined): SlaGroupBy {
  if (value === undefined || value === 'check') return { kind: 'check' };
  if (value === 'component') return { kind: 'component' };
  const label = /^label:([A-Za-z0-9][A-Za-z0-9._/-]{0,62})$/.exec(value);
  if (label) return { kind: 'label', key: label[1]! };
  throw new SlaRequestError(`group_by must be check, component or label:<key>, not '${value}'`);
}

function target(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TARGET;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed >= 100) throw new SlaRequestError(`target must be a percentage above 0 and below 100 such as 99.9, not '${value}'`);
  return parsed;
}

function limit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_LIMIT) throw new SlaRequestError(`limit must be a whole number from 1 to ${MAX_LIMIT}, not '${value}'`);
  return parsed;
}

/**
 * `from` and `to` (ISO times; `to` defaults to now) or `period` (a duration back from `to`, default
 * 30d) — at most 5 years; `group_by` check (default), component or label:<key>; `target` in percent
 * (default 99.9); `format` json (default), csv or pdf; `limit` rows (default 500, at most 10,000).
 */
export function parseSlaRequest(query: Record<string, unknown>, now = new Date()): SlaRequest {
  const unknown = Object.keys(query).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) throw new SlaRequestError(`Unknown parameter ${unknown.join(', ')}: give from, to, period, group_by, target, format or limit`);
  const format = single(query, 'format') ?? 'json';
  if (!FORMATS.includes(format as SlaFormat)) throw new SlaRequestError(`format must be json, csv or pdf, not '${format}'`);
  return {
    ...period(query, now),
    groupBy: groupBy(single(query, 'group_by')),
    target: target(single(query, 'target')),
    format: format as SlaFormat,
    limit: limit(single(query, 'limit')),
  };
}
