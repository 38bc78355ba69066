/** Catalog: severities, insights, analysis types, status ordering, list defaults (spec 2 §2, §4, §9). */
import type { Colour } from './colours.js';

export const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_FILTER_VALUES = ['critical', 'high', 'medium', 'low', 'Info', 'All'] as const;

export const INSIGHT_SEVERITY_COLOURS: Readonly<Partial<Record<Severity, Colour>>> = {
  critical: 'red',
  high: 'orange',
  warning: 'yellow',
  info: 'gray',
  low: 'green',
  medium: 'green',
};

/** Colour of an insight severity; gray for any severity without a colour of its own. */
export function insightSeverityColour(severity: string): Colour {
  return INSIGHT_SEVERITY_COLOURS[severity.toLowerCase() as Severity] ?? 'gray';
}

export const ANALYSIS_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** Sort order of config statuses; anything else sorts after these. */
export const CONFIG_STATUS_SORT_ORDER = ['unhealthy', 'warning', 'healthy', 'info'] as const;

export function compareConfigStatus(a: string | null | undefined, b: string | null | undefined): number {
  const rank = (s: string | null | undefined): number => {
    const i = (CONFIG_STATUS_SORT_ORDER as readonly string[]).indexOf(s ?? '');
    return i === -1 ? CONFIG_STATUS_SORT_ORDER.length : i;
  };
  return rank(a) - rank(b);
}

export const CATALOG_DEFAULTS = {
  sortBy: 'type',
  sortOrder: 'asc',
  groupBy: ['config_class', 'type'],
  hideDeleted: true,
  configFormat: 'json',
} as const;
/** Suffix of a tag grouping in the groupBy query param. */
export const TAG_GROUP_SUFFIX = '__tag';
/** Separator of key and value in the labels query param (key__:__value). */
export const LABEL_PARAM_SEPARATOR = '__:__';
/** Separator of key and value in the tags query param (key____value:1). */
export const TAG_PARAM_SEPARATOR = '____';

export const CHANGES_DEFAULTS = {
  page: 1,
  pageSize: 200,
  sortBy: 'created_at',
  sortDirection: 'desc',
  range: '2d',
  downstream: true,
  upstream: false,
} as const;

export const INSIGHTS_DEFAULTS = { pageSize: 50, pageIndex: 0, order: 'first_observed.desc' } as const;

/** Window of the catalog summary's changes and analysis counts, and of its cost. */
export const SUMMARY_WINDOW_DAYS = 30;
export const CHANGES_RECURSION_DEPTH = 5;
export const RELATED_CONFIGS_MAX_DEPTH = 10;

/** A config last scraped at least this long ago, and not deleted, is possibly stale. */
export const STALE_CONFIG_AFTER_MS = 3_600_000;

export function isConfigPossiblyStale(
  lastScraped: Date | null,
  deletedAt: Date | null,
  now: Date = new Date(),
): boolean {
  if (deletedAt !== null || lastScraped === null) return false;
  return now.getTime() - lastScraped.getTime() >= STALE_CONFIG_AFTER_MS;
}

/** selector_id of a user-created config link. */
export const MANUAL_SELECTOR_ID = 'manual';

export const RELATIONSHIP_GRAPH = {
  /** Related configs of one type at or above this count get an intermediary group node. */
  groupThreshold: 3,
  /** Children are collapsed above this count and expanded at or below it. */
  collapseAbove: 3,
  rankSeparation: 120,
  nodeSeparation: 100,
  animationMs: 300,
  directions: ['LR', 'TB'],
  edgeStyles: ['bezier', 'smoothstep'],
} as const;

export const CATALOG_LINK_SEARCH = { maxResults: 50, delayMs: 1000 } as const;
