import { isTimeRange, TIME_RANGE_MINUTES, TIME_RANGES, type RelativeTimeRange, type TimeRange, type TimeRangeValue } from '@pharos/core';

/** The dashboard's range while `timeRange` names none. */
export const DEFAULT_HEALTH_TIME_RANGE: TimeRange = '1h';

const UNITS: Readonly<Record<string, string>> = { m: 'minute', h: 'hour', d: 'day', w: 'week', mo: 'month', y: 'year' };

/** 'Last 15 minutes', 'Last 1 hour' … for a range key. */
export function describeTimeRange(key: TimeRange): string {
  const match = /^(\d+)(mo|m|h|d|w|y)$/.exec(key);
  const amount = Number(match?.[1] ?? 0);
  const unit = UNITS[match?.[2] ?? ''] ?? '';
  return `Last ${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** The ranges of spec 1 section 9 (15m … 5y) as the time range picker lists them. */
export const HEALTH_TIME_RANGES: readonly RelativeTimeRange[] = TIME_RANGES.map((key) => ({ type: 'relative', display: describeTimeRange(key), range: key }));

export function readTimeRangeKey(text: string | null): TimeRange {
  return text !== null && isTimeRange(text) ? text : DEFAULT_HEALTH_TIME_RANGE;
}

export function pickerValue(key: TimeRange): RelativeTimeRange {
  return HEALTH_TIME_RANGES.find((range) => range.range === key) ?? { type: 'relative', display: describeTimeRange(key), range: key };
}

/**
 * The key of a picked range. The summary counts from a start up to now, so a mapped or absolute
 * range becomes the shortest key that reaches back to its start.
 */
export function timeRangeKeyOf(value: TimeRangeValue, now = Date.now()): TimeRange {
  if (value.type === 'relative' && isTimeRange(value.range)) return value.range;
  const from = value.type === 'absolute' ? Date.parse(value.from) : NaN;
  const minutes = Number.isNaN(from) ? TIME_RANGE_MINUTES[DEFAULT_HEALTH_TIME_RANGE] : (now - from) / 60_000;
  return TIME_RANGES.find((key) => TIME_RANGE_MINUTES[key] >= minutes) ?? '5y';
}

/** The `start` of the summary call: months and years in days (a 30-day month, a 360-day year, as spec 1 section 9 counts). */
export function summaryStart(key: TimeRange): string {
  return /(mo|y)$/.test(key) ? `${TIME_RANGE_MINUTES[key] / 1440}d` : key;
}
