import { CHANGES_DEFAULTS, CHANGES_RECURSION_DEPTH, TAG_PARAM_SEPARATOR, type TimeRangeValue } from '@pharos/core';
import { parseFilterStates } from '../../../ui/filter-state';
import type { ChangesRequest } from './changes-api';

/** The query parameters of the changes lists (spec 2 section 2, "Changes query parameters"). */
export const CHANGES_PARAMS = {
  page: 'page',
  pageSize: 'pageSize',
  sortBy: 'sortBy',
  sortDirection: 'sortDirection',
  changeType: 'changeType',
  severity: 'severity',
  configTypes: 'configTypes',
  id: 'id',
  summary: 'summary',
  source: 'source',
  createdBy: 'created_by',
  externalCreatedBy: 'external_created_by',
  tags: 'tags',
  upstream: 'upstream',
  downstream: 'downstream',
} as const;

/** The table's zero-based page index parameter; `page` (from 1) is read when a link gives it. */
export const PAGE_INDEX_PARAM = 'pageIndex';

/** Params that, when they change, bring the list back to its first page. */
export const CHANGES_FILTER_PARAMS: readonly string[] = [
  CHANGES_PARAMS.page,
  PAGE_INDEX_PARAM,
  CHANGES_PARAMS.changeType,
  CHANGES_PARAMS.severity,
  CHANGES_PARAMS.configTypes,
  CHANGES_PARAMS.id,
  CHANGES_PARAMS.summary,
  CHANGES_PARAMS.source,
  CHANGES_PARAMS.createdBy,
  CHANGES_PARAMS.externalCreatedBy,
  CHANGES_PARAMS.tags,
  CHANGES_PARAMS.upstream,
  CHANGES_PARAMS.downstream,
];

/** `a:1,b:-1` (include a, exclude b) as the server's filter expression `a,!b`. */
export function tristateExpression(value: string | null): string | undefined {
  const entries = Object.entries(parseFilterStates(value));
  if (entries.length === 0) return undefined;
  return entries.map(([v, state]) => (state === 1 ? v : `!${v}`)).join(',');
}

/** `key____value:1,key2____value2:-1` as tag conditions. */
export function tagConditions(value: string | null): ChangesRequest['tags'] {
  const tags = Object.entries(parseFilterStates(value)).flatMap(([pair, state]) => {
    const at = pair.indexOf(TAG_PARAM_SEPARATOR);
    if (at <= 0) return [];
    return [{ key: pair.slice(0, at), value: pair.slice(at + TAG_PARAM_SEPARATOR.length), exclude: state === -1 }];
  });
  return tags.length > 0 ? tags : undefined;
}

function positive(text: string | null, fallback: number): number {
  const n = text === null ? NaN : Number(text);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

function flag(text: string | null, fallback: boolean): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return fallback;
}

/** Whether related configs' changes show on a config's page: downstream on, upstream off by default. */
export function directionOf(search: URLSearchParams): { upstream: boolean; downstream: boolean; typeFilter: NonNullable<ChangesRequest['type_filter']> } {
  const upstream = flag(search.get(CHANGES_PARAMS.upstream), CHANGES_DEFAULTS.upstream);
  const downstream = flag(search.get(CHANGES_PARAMS.downstream), CHANGES_DEFAULTS.downstream);
  const typeFilter = upstream && downstream ? 'all' : upstream ? 'upstream' : downstream ? 'downstream' : 'none';
  return { upstream, downstream, typeFilter };
}

export function pageOf(search: URLSearchParams): { page: number; pageSize: number } {
  const index = search.get(PAGE_INDEX_PARAM);
  const page = index !== null && /^\d+$/.test(index) ? Number(index) + 1 : positive(search.get(CHANGES_PARAMS.page), CHANGES_DEFAULTS.page);
  return { page, pageSize: positive(search.get(CHANGES_PARAMS.pageSize), CHANGES_DEFAULTS.pageSize) };
}

/**
 * The request the URL asks for, but its time bounds (resolved as it is sent); `configId` on a config's
 * page, where the direction toggles apply.
 */
export function changesRequestOf(search: URLSearchParams, configId?: string): ChangesRequest {
  const text = (name: string) => search.get(name)?.trim() || undefined;
  const severity = text(CHANGES_PARAMS.severity);
  const sortDirection = search.get(CHANGES_PARAMS.sortDirection) === 'asc' ? 'asc' : search.get(CHANGES_PARAMS.sortBy) ? 'desc' : CHANGES_DEFAULTS.sortDirection;
  const request: ChangesRequest = {
    page: pageOf(search).page,
    page_size: pageOf(search).pageSize,
    sort_by: text(CHANGES_PARAMS.sortBy) ?? CHANGES_DEFAULTS.sortBy,
    sortOrder: sortDirection,
    config_type: tristateExpression(search.get(CHANGES_PARAMS.configTypes)),
    type: tristateExpression(search.get(CHANGES_PARAMS.changeType)),
    severity: severity && severity.toLowerCase() !== 'all' ? severity.toLowerCase() : undefined,
    summary: text(CHANGES_PARAMS.summary),
    source: text(CHANGES_PARAMS.source),
    created_by: text(CHANGES_PARAMS.createdBy),
    external_created_by: text(CHANGES_PARAMS.externalCreatedBy),
    tags: tagConditions(search.get(CHANGES_PARAMS.tags)),
  };
  if (configId) {
    request.id = configId;
    request.type_filter = directionOf(search).typeFilter;
    request.depth = CHANGES_RECURSION_DEPTH;
  } else if (text(CHANGES_PARAMS.id)) {
    request.id = text(CHANGES_PARAMS.id);
    request.type_filter = 'none';
  }
  for (const key of Object.keys(request) as (keyof ChangesRequest)[]) if (request[key] === undefined) delete request[key];
  return request;
}

/** Pages of a list: the total over the page size, rounded up. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

export type { TimeRangeValue };
