import { parseGoDuration, SUMMARY_WINDOW_DAYS, TAG_GROUP_SUFFIX } from '@pharos/core';

/** Columns of configs a summary may group by; `key__tag` groups by a tag as well. */
export const SUMMARY_GROUP_COLUMNS = ['type', 'config_class', 'status', 'health', 'namespace', 'agent_id', 'scraper_id', 'source'] as const;
export const SUMMARY_COST_WINDOWS = ['1d', '7d', '30d'] as const;
const DEFAULT_WINDOW = `${SUMMARY_WINDOW_DAYS}d`;

/** A value filter: rows with one of `include` (when any) and none of `exclude`. */
export interface ValueFilter {
  include: string[];
  exclude: string[];
}

export type SummaryGroup = { kind: 'column'; name: string } | { kind: 'tag'; name: string; key: string };

export interface SummaryRequest {
  groupBy: SummaryGroup[];
  deleted: boolean;
  labels: Record<string, ValueFilter>;
  tags: Record<string, ValueFilter>;
  health: ValueFilter | null;
  status: ValueFilter | null;
  type: ValueFilter | null;
  changesSinceMs: number;
  analysisSinceMs: number;
  cost: (typeof SUMMARY_COST_WINDOWS)[number];
}

export class SummaryRequestError extends Error {}

/**
 * A filter written as the catalog's URL writes it: a comma list where `v` or `v:1` includes, `v:-1`
 * or `!v` excludes, and `\,` is a comma inside a value.
 */
export function parseValueFilter(text: string, field: string): ValueFilter | null {
  const filter: ValueFilter = { include: [], exclude: [] };
  for (const raw of text.split(/(?<!\\),/)) {
    let value = raw.trim().replaceAll('\\,', ',');
    if (value === '') continue;
    let exclude = false;
    const mode = /:(-?1)$/.exec(value);
    if (mode) {
      exclude = mode[1] === '-1';
      value = value.slice(0, -mode[0].length);
    } else if (value.startsWith('!')) {
      exclude = true;
      value = value.slice(1);
    }
    if (value === '') throw new SummaryRequestError(`${field} has an empty value`);
    (exclude ? filter.exclude : filter.include).push(value);
  }
  return filter.include.length + filter.exclude.length === 0 ? null : filter;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => v.replaceAll(',', '\\,')).join(',');
  if (typeof value !== 'string') throw new SummaryRequestError(`${field} must be a string`);
  return value;
}

function since(body: Record<string, unknown>, field: 'changes' | 'analysis'): number {
  const value = body[field];
  if (value === undefined || value === null) return parseGoDuration(DEFAULT_WINDOW);
  if (!isRecord(value)) throw new SummaryRequestError(`${field} must be an object such as {"since": "30d"}`);
  const text = value.since ?? DEFAULT_WINDOW;
  if (typeof text !== 'string') throw new SummaryRequestError(`${field}.since must be a duration such as 30d`);
  try {
    return parseGoDuration(text);
  } catch {
    throw new SummaryRequestError(`${field}.since must be a duration such as 30d, not '${text}'`);
  }
}

function valueMap(body: Record<string, unknown>, field: string): Record<string, ValueFilter> {
  const value = body[field];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new SummaryRequestError(`${field} must be an object of key and value`);
  const result: Record<string, ValueFilter> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string') throw new SummaryRequestError(`${field}.${key} must be a string`);
    const filter = parseValueFilter(text, `${field}.${key}`);
    if (filter) result[key] = filter;
  }
  return result;
}

function groupBy(body: Record<string, unknown>): SummaryGroup[] {
  const value = body.groupBy ?? ['config_class', 'type'];
  const names = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new SummaryRequestError('groupBy must be a list of columns');
  const groups: SummaryGroup[] = [];
  for (const raw of names as string[]) {
    const name = raw.trim();
    if (name === '' || groups.some((g) => g.name === name)) continue;
    if (name.endsWith(TAG_GROUP_SUFFIX) && name.length > TAG_GROUP_SUFFIX.length) {
      groups.push({ kind: 'tag', name, key: name.slice(0, -TAG_GROUP_SUFFIX.length) });
    } else if ((SUMMARY_GROUP_COLUMNS as readonly string[]).includes(name)) {
      groups.push({ kind: 'column', name });
    } else {
      throw new SummaryRequestError(`groupBy '${name}' is not one of ${SUMMARY_GROUP_COLUMNS.join(', ')} or a tag key ending in ${TAG_GROUP_SUFFIX}`);
    }
  }
  if (groups.length === 0) throw new SummaryRequestError('groupBy needs at least one column');
  return groups;
}

/** The body of POST /api/catalog/summary, checked; a wrong field throws SummaryRequestError saying which. */
export function parseSummaryRequest(input: unknown): SummaryRequest {
  const body = input ?? {};
  if (!isRecord(body)) throw new SummaryRequestError('The body must be a JSON object');
  const deleted = body.deleted ?? false;
  if (typeof deleted !== 'boolean') throw new SummaryRequestError('deleted must be true or false');
  const cost = body.cost ?? DEFAULT_WINDOW;
  if (typeof cost !== 'string' || !(SUMMARY_COST_WINDOWS as readonly string[]).includes(cost)) {
    throw new SummaryRequestError(`cost must be one of ${SUMMARY_COST_WINDOWS.join(', ')}`);
  }
  const filterOf = (field: string) => {
    const text = optionalString(body, field);
    return text === undefined ? null : parseValueFilter(text, field);
  };
  return {
    groupBy: groupBy(body),
    deleted,
    labels: valueMap(body, 'filter'),
    tags: valueMap(body, 'tags'),
    health: filterOf('health'),
    status: filterOf('status'),
    type: filterOf('type'),
    changesSinceMs: since(body, 'changes'),
    analysisSinceMs: since(body, 'analysis'),
    cost: cost as SummaryRequest['cost'],
  };
}
