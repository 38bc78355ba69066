/** Check and component health: values, colour rules, uptime bar and dashboard defaults (spec 1 §2, §4, §9). */
import type { Colour } from './colours.js';

export const CHECK_STATUSES = ['healthy', 'unhealthy'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
/** Shown for a group of checks whose statuses differ. */
export type AggregateCheckStatus = CheckStatus | 'mixed';

/** Status filter values of the check status history call. */
export const CHECK_STATUS_QUERY_VALUE: Readonly<Record<CheckStatus, 0 | 1>> = { healthy: 1, unhealthy: 0 };

/** Health of configs and components. */
export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type Health = (typeof HEALTH_VALUES)[number];

export const COMPONENT_STATUSES = ['healthy', 'unhealthy', 'warning'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

const RED_STATUSES: ReadonlySet<string> = new Set(['degraded', 'missing', 'unhealthy']);
const GRAY_STATUSES: ReadonlySet<string> = new Set(['unknown', 'suspended']);
const ORANGE_STATUSES: ReadonlySet<string> = new Set(['warning', 'mixed']);

/**
 * Spec 1 §4: red for degraded, missing, unhealthy or a not-good flag (`good === false`); gray for
 * unknown or suspended; orange for warning or mixed; green otherwise. Status names are case-insensitive.
 */
export function healthColour(status: string | null | undefined, good?: boolean): Colour {
  const s = (status ?? '').toLowerCase();
  if (RED_STATUSES.has(s) || good === false) return 'red';
  if (GRAY_STATUSES.has(s)) return 'gray';
  if (ORANGE_STATUSES.has(s)) return 'orange';
  return 'green';
}

/** Summary bar colour of a config or component health value: healthy green, unhealthy red, warning orange, else gray. */
export function healthValueColour(health: string | null | undefined): Colour {
  switch (health) {
    case 'healthy':
      return 'green';
    case 'unhealthy':
      return 'red';
    case 'warning':
      return 'orange';
    default:
      return 'gray';
  }
}

/** A group's status: the common status of its checks, or mixed when they differ; undefined when empty. */
export function aggregateCheckStatus(statuses: readonly CheckStatus[]): AggregateCheckStatus | undefined {
  const [first] = statuses;
  if (first === undefined) return undefined;
  return statuses.every((s) => s === first) ? first : 'mixed';
}

/** The uptime bar turns orange above 75 and red above 90 (percent). */
export const UPTIME_BAR_THRESHOLDS = { orangeAbove: 75, redAbove: 90 } as const;

export function uptimeBarColour(percent: number): Colour {
  if (percent > UPTIME_BAR_THRESHOLDS.redAbove) return 'red';
  if (percent > UPTIME_BAR_THRESHOLDS.orangeAbove) return 'orange';
  return 'green';
}

/** Recency is shown only for time ranges from 1 hour to 7 days (in minutes). */
export const RECENCY_RANGE_MINUTES = { min: 60, max: 7 * 24 * 60 } as const;

export function showsRecency(rangeMinutes: number): boolean {
  return rangeMinutes >= RECENCY_RANGE_MINUTES.min && rangeMinutes <= RECENCY_RANGE_MINUTES.max;
}

export const LATENCY_PERCENTILES = [95, 97, 99] as const;
/** Points requested for the canary graph. */
export const CANARY_GRAPH_COUNT = 300;

export const HEALTH_LAYOUTS = ['table', 'card'] as const;
export type HealthLayout = (typeof HEALTH_LAYOUTS)[number];

export const HEALTH_DASHBOARD_DEFAULTS = {
  hidePassing: true,
  tabBy: 'namespace',
  groupBy: 'canary_name',
  layout: 'table',
} as const;
/** From this many chosen label values the filter shows 'including N labels'. */
export const LABEL_SUMMARY_THRESHOLD = 4;
export const HEALTH_TAB_ALL = 'All';
/** Three-state label filter values in the `labels` query param. */
export const LABEL_FILTER = { include: 1, exclude: -1 } as const;
