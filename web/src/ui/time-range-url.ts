import {
  DEFAULT_TIME_RANGE,
  formatTimestamp,
  INVALID_MAPPED_RANGE,
  INVALID_RELATIVE_RANGE,
  MAPPED_TIME_RANGES,
  RELATIVE_TIME_RANGES,
  resolveTimeRange,
  type TimeRangeValue,
} from '@pharos/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A time range in the query string, with the fields of the spec's time range: `rangeType`
 * (relative, mapped or absolute), then `range` (relative, e.g. `2d`), `display` (mapped, e.g.
 * `Yesterday`) or `from` and `to` (absolute, ISO instants). No parameters: the default range.
 */
export const TIME_RANGE_PARAMS = ['rangeType', 'range', 'display', 'from', 'to'] as const;

/** A range the URL names that cannot be resolved (not worth retrying). */
export class TimeRangeError extends Error {
  override name = 'TimeRangeError';
}

const RELATIVE_PATTERN = /^\d+(mo|m|h|d|w|y)$/;

/** The range the query string names; `fallback` when it names none. Unreadable ranges are kept as written. */
export function readTimeRange(search: URLSearchParams, fallback: TimeRangeValue = DEFAULT_TIME_RANGE): TimeRangeValue {
  switch (search.get('rangeType')) {
    case 'relative': {
      const range = search.get('range') ?? '';
      const known = RELATIVE_TIME_RANGES.find((r) => r.range === range);
      return known ?? { type: 'relative', display: range ? `Last ${range}` : 'Last …', range };
    }
    case 'mapped': {
      const display = search.get('display') ?? '';
      return MAPPED_TIME_RANGES.find((r) => r.display === display) ?? { type: 'mapped', display, from: '', to: '' };
    }
    case 'absolute': {
      const from = search.get('from') ?? '';
      const to = search.get('to') ?? '';
      return { type: 'absolute', display: `${formatTimestamp(from)} to ${formatTimestamp(to)}`, from, to };
    }
    default:
      return fallback;
  }
}

/** Writes a range into `search` (in place), replacing the previous one. */
export function writeTimeRange(search: URLSearchParams, range: TimeRangeValue): void {
  for (const name of TIME_RANGE_PARAMS) search.delete(name);
  search.set('rangeType', range.type);
  if (range.type === 'relative') search.set('range', range.range);
  else if (range.type === 'mapped') search.set('display', range.display);
  else {
    search.set('from', range.from);
    search.set('to', range.to);
  }
}

/**
 * The ISO bounds of a range at `now`, for a query. A relative range that cannot be read logs
 * 'Invalid relative time range' and bounds nothing (null); a mapped one logs 'Invalid mapped
 * time range' and throws, so the screen shows the error.
 */
export function timeRangeBounds(range: TimeRangeValue, now: Date = new Date()): { from: string; to: string } | null {
  if (range.type === 'relative' && !RELATIVE_PATTERN.test(range.range)) {
    console.error(INVALID_RELATIVE_RANGE);
    return null;
  }
  if (range.type === 'mapped' && !MAPPED_TIME_RANGES.some((r) => r.display === range.display)) {
    console.error(INVALID_MAPPED_RANGE);
    throw new TimeRangeError(INVALID_MAPPED_RANGE);
  }
  try {
    const { from, to } = resolveTimeRange(range, now);
    return { from: from.toISOString(), to: to.toISOString() };
  } catch (error) {
    if (range.type === 'relative') {
      console.error(INVALID_RELATIVE_RANGE);
      return null;
    }
    if (range.type === 'mapped') console.error(INVALID_MAPPED_RANGE);
    throw new TimeRangeError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A screen's time range kept in the URL: the value (the default while the URL names none) and a
 * setter that also clears `resetParams` (e.g. the page index).
 */
export function useTimeRangeParam(
  fallback: TimeRangeValue = DEFAULT_TIME_RANGE,
  resetParams: readonly string[] = [],
): [TimeRangeValue, (range: TimeRangeValue) => void] {
  const [search, setSearch] = useSearchParams();
  const value = readTimeRange(search, fallback);
  const setValue = useCallback(
    (range: TimeRangeValue) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        writeTimeRange(next, range);
        for (const name of resetParams) next.delete(name);
        return next;
      }),
    [setSearch, resetParams],
  );
  return [value, setValue];
}
