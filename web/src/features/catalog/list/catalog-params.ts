import { CATALOG_DEFAULTS, LABEL_PARAM_SEPARATOR, TAG_GROUP_SUFFIX, TAG_PARAM_SEPARATOR } from '@pharos/core';

/** Columns the summary groups by (as POST /api/catalog/summary accepts), besides `key__tag`. */
export const GROUP_BY_COLUMNS = ['config_class', 'type', 'status', 'health', 'namespace', 'agent_id'] as const;
/** Columns the flat table sorts by. */
export const SORTABLE_COLUMNS = ['name', 'type', 'config_class', 'status', 'health', 'created_at', 'updated_at', 'cost_total_30d'] as const;

/** The flat table's sort column: sortBy when the table sorts by it, else the default. */
export function flatSortColumn(sortBy: string): string {
  return (SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : CATALOG_DEFAULTS.sortBy;
}

/** Every query parameter of /catalog (spec 2 section 2), read. */
export interface CatalogParams {
  search: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /** As the URL gives it; empty when absent (then the default grouping applies). */
  groupByParam: string[];
  groupBy: string[];
  configType: string;
  labels: KeyValueFilter[];
  tags: KeyValueFilter[];
  /** `healthy:1,unhealthy:-1`. */
  status: string;
  health: string;
}

/** One include or exclude filter on a label or tag. */
export interface KeyValueFilter {
  key: string;
  value: string;
  state: 1 | -1;
}

/** Splits a comma list at the commas not escaped with a backslash. */
export function splitEscaped(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export const escapeComma = (value: string) => value.replaceAll(',', '\\,');
const unescapeComma = (value: string) => value.replaceAll('\\,', ',');

/** Reads `key{separator}value:1,other{separator}v\,w:-1` (no state: include). */
export function parseKeyValueFilters(text: string | null, separator: string): KeyValueFilter[] {
  const filters: KeyValueFilter[] = [];
  for (const item of splitEscaped(text ?? '')) {
    let body = item;
    let state: 1 | -1 = 1;
    const mode = /:(-?1)$/.exec(body);
    if (mode) {
      state = mode[1] === '-1' ? -1 : 1;
      body = body.slice(0, -mode[0].length);
    }
    const at = body.indexOf(separator);
    if (at <= 0) continue;
    filters.push({ key: unescapeComma(body.slice(0, at)), value: unescapeComma(body.slice(at + separator.length)), state });
  }
  return filters;
}

export function serializeKeyValueFilters(filters: readonly KeyValueFilter[], separator: string): string {
  return filters.map((f) => `${escapeComma(f.key)}${separator}${escapeComma(f.value)}:${f.state}`).join(',');
}

/** The filters with one key/value set to `state` (0 removes it). */
export function withKeyValueFilter(filters: readonly KeyValueFilter[], key: string, value: string, state: 1 | -1 | 0): KeyValueFilter[] {
  const rest = filters.filter((f) => !(f.key === key && f.value === value));
  return state === 0 ? rest : [...rest, { key, value, state }];
}

export function readCatalogParams(search: URLSearchParams): CatalogParams {
  const groupByParam = splitEscaped(search.get('groupBy') ?? '');
  const sortBy = search.get('sortBy');
  return {
    search: search.get('search') ?? '',
    sortBy: sortBy || CATALOG_DEFAULTS.sortBy,
    sortOrder: search.get('sortOrder') === 'desc' ? 'desc' : CATALOG_DEFAULTS.sortOrder,
    groupByParam,
    groupBy: groupByParam.length > 0 ? groupByParam : [...CATALOG_DEFAULTS.groupBy],
    configType: search.get('configType') ?? '',
    labels: parseKeyValueFilters(search.get('labels'), LABEL_PARAM_SEPARATOR),
    tags: parseKeyValueFilters(search.get('tags'), TAG_PARAM_SEPARATOR),
    status: search.get('status') ?? '',
    health: search.get('health') ?? '',
  };
}

/**
 * The flat table shows with a search, or with a configType unless a groupBy is asked for (a
 * summary within the type); otherwise the summary.
 */
export function showsFlatTable(params: CatalogParams): boolean {
  return params.search.trim() !== '' || (params.configType !== '' && params.groupByParam.length === 0);
}

/** Group-by choices: the columns (without type and config_class under a configType) and each tag key. */
export function groupByOptions(configType: string, tagKeys: readonly string[]): string[] {
  const columns = GROUP_BY_COLUMNS.filter((c) => configType === '' || (c !== 'type' && c !== 'config_class'));
  return [...columns, ...[...new Set(tagKeys)].sort().map((key) => `${key}${TAG_GROUP_SUFFIX}`)];
}

/** A group-by choice as people read it: `region__tag` is 'region (tag)'. */
export function groupByLabel(option: string): string {
  return option.endsWith(TAG_GROUP_SUFFIX) ? `${option.slice(0, -TAG_GROUP_SUFFIX.length)} (tag)` : option;
}

/**
 * The URL changes of a click on a summary row: its type becomes the configType, its tag groups join
 * the tags filter, the labels filter stays, and groupBy is cleared.
 */
export function summaryRowDrillDown(row: Readonly<Record<string, unknown>>, params: CatalogParams): Record<string, string | null> {
  let tags = params.tags;
  for (const group of params.groupBy) {
    const value = row[group];
    if (group.endsWith(TAG_GROUP_SUFFIX) && typeof value === 'string') {
      tags = withKeyValueFilter(tags, group.slice(0, -TAG_GROUP_SUFFIX.length), value, 1);
    }
  }
  const type = typeof row['type'] === 'string' ? row['type'] : params.configType;
  return {
    configType: type || null,
    labels: params.labels.length > 0 ? serializeKeyValueFilters(params.labels, LABEL_PARAM_SEPARATOR) : null,
    tags: tags.length > 0 ? serializeKeyValueFilters(tags, TAG_PARAM_SEPARATOR) : null,
    groupBy: null,
  };
}

/** The label (or tag) filter map of the summary request: `key: "v,!w"`, commas in values escaped. */
export function summaryFilterMap(filters: readonly KeyValueFilter[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const f of filters) {
    const value = `${f.state === -1 ? '!' : ''}${escapeComma(f.value)}`;
    map[f.key] = map[f.key] ? `${map[f.key]},${value}` : value;
  }
  return map;
}
