import {
  DEFAULT_JOB_STATUS_FILTER,
  DEFAULT_TIME_RANGE,
  JOB_DURATION_FILTER_OPTIONS,
  type TimeRangeValue,
} from '@pharos/core';
import { tristateClauses, type FilterClause } from '../../../ui/filter-clauses';
import { readTimeRange, timeRangeBounds } from '../../../ui/time-range-url';

/** Query parameters of the jobs screen's filters (the time range adds rangeType, range, display, from, to). */
export const JOB_FILTER_PARAMS = {
  name: 'name',
  resourceType: 'resource_type',
  status: 'status',
  runDuration: 'runDuration',
} as const;

/** Parameters cleared when a filter changes: the table goes back to its first page. */
export const JOB_FILTER_RESET = ['pageIndex'] as const;

export interface JobHistoryFilters {
  /** Three-state values in their URL form (`a:1,b:-1`); empty: no filter. */
  name: string;
  resourceType: string;
  status: string;
  /** A duration option (15s … 15m); 'none' or empty: no filter. */
  runDuration: string;
  timeRange: TimeRangeValue;
}

/**
 * The filters a URL names. Status defaults to SUCCESS:-1 while the parameter is absent; an empty
 * `status=` means every status.
 */
export function readJobHistoryFilters(search: URLSearchParams): JobHistoryFilters {
  return {
    name: search.get(JOB_FILTER_PARAMS.name) ?? '',
    resourceType: search.get(JOB_FILTER_PARAMS.resourceType) ?? '',
    status: search.get(JOB_FILTER_PARAMS.status) ?? DEFAULT_JOB_STATUS_FILTER,
    runDuration: search.get(JOB_FILTER_PARAMS.runDuration) ?? 'none',
    timeRange: readTimeRange(search, DEFAULT_TIME_RANGE),
  };
}

/** Milliseconds of a duration option, or null for none (or an unknown value). */
export function runDurationMillis(value: string): number | null {
  return JOB_DURATION_FILTER_OPTIONS.find((o) => o.value === value)?.ms ?? null;
}

/**
 * The `job_histories` filters of the screen at `now`: name, resource_type and status through the
 * three-state helper, `duration_millis>=`, and `created_at` within the time range.
 */
export function jobHistoryClauses(filters: JobHistoryFilters, now: Date = new Date()): FilterClause[] {
  const clauses = [
    ...tristateClauses('resource_type', filters.resourceType),
    ...tristateClauses('name', filters.name),
    ...tristateClauses('status', filters.status),
  ];
  const duration = runDurationMillis(filters.runDuration);
  if (duration !== null) clauses.push({ column: 'duration_millis', operator: 'gte', value: String(duration) });
  const bounds = timeRangeBounds(filters.timeRange, now);
  if (bounds) {
    clauses.push({ column: 'created_at', operator: 'gte', value: bounds.from });
    clauses.push({ column: 'created_at', operator: 'lte', value: bounds.to });
  }
  return clauses;
}
