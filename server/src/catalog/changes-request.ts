import { CHANGES_DEFAULTS, CHANGES_RECURSION_DEPTH } from '@pharos/core';
import { parseChangeTime } from './changes-time.js';

/** A tag condition of the changes search: the config's tag `key` equals `value`, or not with exclude. */
export interface TagCondition {
  key: string;
  value: string;
  exclude: boolean;
}

export type ChangeDirection = 'all' | 'upstream' | 'downstream' | 'none';

/** POST /api/catalog/changes (spec 2 section 7), checked and with its defaults. */
export interface ChangesSearch {
  configIds: string[];
  configType?: string;
  changeType?: string;
  createdBy?: string;
  externalCreatedBy?: string;
  source?: string;
  summary?: string;
  from?: Date;
  to?: Date;
  severities?: string[];
  excludedSeverity?: string;
  page: number;
  pageSize: number;
  sortBy: (typeof SORT_COLUMNS)[number];
  sortOrder: 'asc' | 'desc';
  tags: TagCondition[];
  direction: ChangeDirection;
  depth: number;
  includeDeletedConfigs: boolean;
  arbitraryFilter: Record<string, string>;
}

export class ChangesSearchError extends Error {}

export const SORT_COLUMNS = ['created_at', 'name', 'change_type', 'summary', 'source', 'count', 'severity', 'type', 'first_observed'] as const;
/** Severities from the highest; a severity filter keeps changes at or above it. */
export const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'] as const;
/** Columns arbitraryFilter may name, each matched as a filter expression. */
export const ARBITRARY_FILTER_COLUMNS = ['change_type', 'severity', 'source', 'summary', 'external_created_by', 'config_id', 'name', 'type'] as const;
const DIRECTIONS: readonly ChangeDirection[] = ['all', 'upstream', 'downstream', 'none'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE_SIZE = 10_000;

type Body = Record<string, unknown>;

function text(body: Body, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = body[name];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',') || undefined;
    if (typeof value !== 'string') throw new ChangesSearchError(`'${name}' must be a string`);
    return value;
  }
  return undefined;
}

function positiveInteger(body: Body, fallback: number, ...names: string[]): number {
  for (const name of names) {
    const value = body[name];
    if (value === undefined || value === null || value === '') continue;
    const number = typeof value === 'string' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) throw new ChangesSearchError(`'${name}' must be a whole number of 1 or more`);
    return number;
  }
  return fallback;
}

function flag(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ChangesSearchError(`'${name}' must be true or false`);
}

function time(body: Body, name: string): Date | undefined {
  const value = text(body, name);
  if (value === undefined) return undefined;
  const parsed = parseChangeTime(value);
  if (!parsed) throw new ChangesSearchError(`invalid '${name}': ${value} is neither a time nor now-<n><unit> (s, m, h, d, w, M, y)`);
  return parsed;
}

function severityFilter(value: string | undefined): Pick<ChangesSearch, 'severities' | 'excludedSeverity'> {
  if (value === undefined || value.toLowerCase() === 'all') return {};
  if (value.startsWith('!')) return { excludedSeverity: value.slice(1).toLowerCase() };
  const index = (SEVERITY_ORDER as readonly string[]).indexOf(value.toLowerCase());
  if (index === -1) throw new ChangesSearchError(`unknown severity "${value}": one of ${SEVERITY_ORDER.join(', ')}`);
  const severities: string[] = SEVERITY_ORDER.slice(0, index + 1);
  // blocker stands with critical; warning with medium.
  if (severities.includes('critical')) severities.push('blocker');
  if (severities.includes('medium')) severities.push('warning');
  return { severities };
}

function tagConditions(value: unknown): TagCondition[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' ? Object.entries(value).map(([key, v]) => ({ key, value: v })) : null;
  if (!list) throw new ChangesSearchError("'tags' must be a list of {key, value, exclude}");
  return list.map((item: unknown) => {
    const tag = item as { key?: unknown; value?: unknown; exclude?: unknown };
    if (typeof tag?.key !== 'string' || tag.key === '' || typeof tag.value !== 'string') throw new ChangesSearchError("each of 'tags' needs a key and a value");
    return { key: tag.key, value: tag.value, exclude: tag.exclude === true || tag.exclude === 'true' };
  });
}

function direction(body: Body): ChangeDirection {
  const filter = text(body, 'type_filter');
  const recursive = body.recursive;
  let value: string;
  if (filter !== undefined) value = filter.toLowerCase();
  else if (recursive === undefined || recursive === null || recursive === '') value = 'downstream';
  else if (recursive === true || recursive === 'true') value = 'all';
  else if (recursive === false || recursive === 'false') value = 'none';
  else if (typeof recursive === 'string') value = recursive.toLowerCase();
  else throw new ChangesSearchError("'recursive' must be true, false, all, upstream, downstream or none");
  if (!(DIRECTIONS as readonly string[]).includes(value)) throw new ChangesSearchError(`'type_filter' must be one of all, upstream, downstream, none, not '${value}'`);
  return value as ChangeDirection;
}

function sort(body: Body): Pick<ChangesSearch, 'sortBy' | 'sortOrder'> {
  let by = text(body, 'sort_by', 'sortBy') ?? CHANGES_DEFAULTS.sortBy;
  let order = text(body, 'sortOrder', 'sort_order', 'sortDirection');
  if (by.startsWith('-')) {
    by = by.slice(1);
    order ??= 'desc';
  }
  if (!(SORT_COLUMNS as readonly string[]).includes(by)) throw new ChangesSearchError(`invalid 'sort_by' param: ${by}. allowed sort fields are: ${SORT_COLUMNS.join(', ')}`);
  const sortOrder = (order ?? CHANGES_DEFAULTS.sortDirection).toLowerCase();
  if (sortOrder !== 'asc' && sortOrder !== 'desc') throw new ChangesSearchError(`'sortOrder' must be asc or desc, not '${order ?? ''}'`);
  return { sortBy: by as ChangesSearch['sortBy'], sortOrder };
}

function arbitraryFilter(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ChangesSearchError("'arbitraryFilter' must be an object of column: value");
  const filter: Record<string, string> = {};
  for (const [column, v] of Object.entries(value)) {
    if (!(ARBITRARY_FILTER_COLUMNS as readonly string[]).includes(column)) throw new ChangesSearchError(`'arbitraryFilter' cannot filter on ${column}: one of ${ARBITRARY_FILTER_COLUMNS.join(', ')}`);
    if (typeof v !== 'string') throw new ChangesSearchError(`'arbitraryFilter.${column}' must be a string`);
    filter[column] = v;
  }
  return filter;
}

/** The search a request body asks for; a ChangesSearchError says what is wrong with it. */
export function parseChangesSearch(input: unknown): ChangesSearch {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) throw new ChangesSearchError('The body must be a JSON object');
  const body = (input ?? {}) as Body;
  const ids = (text(body, 'id', 'config_id') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  const badId = ids.find((id) => !UUID.test(id));
  if (badId) throw new ChangesSearchError(`'id' must be a config id (uuid), not '${badId}'`);
  let from = time(body, 'from');
  const to = time(body, 'to');
  if (!from && !to) from = parseChangeTime(`now-${CHANGES_DEFAULTS.range}`)!;
  if (from && to && from >= to) throw new ChangesSearchError("'from' must be before 'to'");
  const createdBy = text(body, 'created_by');
  const external = text(body, 'external_created_by');
  return {
    configIds: ids,
    configType: text(body, 'config_type', 'configTypes', 'configType'),
    changeType: text(body, 'type', 'changeType', 'change_type'),
    ...(createdBy && UUID.test(createdBy) ? { createdBy } : {}),
    ...(createdBy && !UUID.test(createdBy) ? { externalCreatedBy: createdBy } : external ? { externalCreatedBy: external } : {}),
    source: text(body, 'source'),
    summary: text(body, 'summary'),
    from,
    to,
    ...severityFilter(text(body, 'severity')),
    page: positiveInteger(body, CHANGES_DEFAULTS.page, 'page'),
    pageSize: Math.min(positiveInteger(body, CHANGES_DEFAULTS.pageSize, 'page_size', 'pageSize'), MAX_PAGE_SIZE),
    ...sort(body),
    tags: tagConditions(body.tags),
    direction: direction(body),
    depth: positiveInteger(body, CHANGES_RECURSION_DEPTH, 'depth'),
    includeDeletedConfigs: flag(body, 'include_deleted_configs') ?? false,
    arbitraryFilter: arbitraryFilter(body.arbitraryFilter),
  };
}
