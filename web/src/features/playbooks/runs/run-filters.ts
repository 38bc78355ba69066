import { PLAYBOOK_RUN_STATUSES, PLAYBOOK_RUNS_DEFAULT_RANGE, RELATIVE_TIME_RANGES, type PlaybookRunStatus, type TimeRangeValue } from '@pharos/core';
import type { FilterClause } from '../../../ui/filter-clauses';
import { readTimeRange, timeRangeBounds } from '../../../ui/time-range-url';

/** Query parameters of the runs list's filters (the time range adds rangeType, range, display, from, to). */
export const RUN_FILTER_PARAMS = { playbook: 'playbook', status: 'status' } as const;

/** Cleared when a filter changes: the list goes back to its first page. */
export const RUN_FILTER_RESET = ['pageIndex'] as const;

/** Spec 2 §2: the runs list covers the last 7 days unless the URL names another range. */
export const DEFAULT_RUNS_RANGE: TimeRangeValue = RELATIVE_TIME_RANGES.find((r) => r.range === PLAYBOOK_RUNS_DEFAULT_RANGE) ?? {
  type: 'relative',
  display: 'Last 7 days',
  range: PLAYBOOK_RUNS_DEFAULT_RANGE,
};

export interface RunFilters {
  /** A playbook id; empty: every playbook. */
  playbook: string;
  /** A run status; empty: every status. */
  status: PlaybookRunStatus | '';
  timeRange: TimeRangeValue;
}

const isStatus = (value: string): value is PlaybookRunStatus => (PLAYBOOK_RUN_STATUSES as readonly string[]).includes(value);

export function readRunFilters(search: URLSearchParams): RunFilters {
  const status = search.get(RUN_FILTER_PARAMS.status) ?? '';
  return {
    playbook: search.get(RUN_FILTER_PARAMS.playbook) ?? '',
    status: isStatus(status) ? status : '',
    timeRange: readTimeRange(search, DEFAULT_RUNS_RANGE),
  };
}

/** The `playbook_runs` filters of playbook and status (spec 2 §7). */
export function runClauses(filters: RunFilters): FilterClause[] {
  const clauses: FilterClause[] = [];
  if (filters.playbook) clauses.push({ column: 'playbook_id', operator: 'eq', value: filters.playbook });
  if (filters.status) clauses.push({ column: 'status', operator: 'eq', value: filters.status });
  return clauses;
}

/**
 * The time range at `now` as a PostgREST `or`: runs that started within it, and runs not started
 * yet (pending, or waiting for approval) created within it, so they are not hidden from the list.
 * Null when the range bounds nothing.
 */
export function runRangeFilter(range: TimeRangeValue, now: Date = new Date()): string | null {
  const bounds = timeRangeBounds(range, now);
  if (!bounds) return null;
  const { from, to } = bounds;
  return `and(start_time.gte.${from},start_time.lte.${to}),and(start_time.is.null,created_at.gte.${from},created_at.lte.${to})`;
}
