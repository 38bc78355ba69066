/** Time ranges of the settings pickers: relative, mapped and absolute, and how they resolve (spec 3 §3, §8, §9). */
import dayjs, { type Dayjs } from 'dayjs';

export type RelativeTimeRange = { type: 'relative'; display: string; range: string };
export type MappedTimeRange = { type: 'mapped'; display: string; from: string; to: string };
export type AbsoluteTimeRange = { type: 'absolute'; display: string; from: string; to: string };
export type TimeRangeValue = RelativeTimeRange | MappedTimeRange | AbsoluteTimeRange;

const relative = (range: string, display: string): RelativeTimeRange => ({ type: 'relative', display, range });

export const RELATIVE_TIME_RANGES: readonly RelativeTimeRange[] = [
  relative('5m', 'Last 5 minutes'),
  relative('15m', 'Last 15 minutes'),
  relative('30m', 'Last 30 minutes'),
  relative('1h', 'Last 1 hour'),
  relative('3h', 'Last 3 hours'),
  relative('6h', 'Last 6 hours'),
  relative('12h', 'Last 12 hours'),
  relative('24h', 'Last 24 hours'),
  relative('2d', 'Last 2 days'),
  relative('7d', 'Last 7 days'),
  relative('30d', 'Last 30 days'),
  relative('90d', 'Last 90 days'),
  relative('6mo', 'Last 6 months'),
  relative('1y', 'Last 1 year'),
  relative('2y', 'Last 2 years'),
  relative('5y', 'Last 5 years'),
];

/** Default range of job history and catalog changes: the last 2 days. */
export const DEFAULT_TIME_RANGE: RelativeTimeRange = relative('2d', 'Last 2 days');

const mapped = (display: string, from: string, to: string): MappedTimeRange => ({ type: 'mapped', display, from, to });

// from/to use date math: `now`, an optional offset (-1d), and an optional rounding (/d) that goes to
// the start of the unit for `from` and to its end for `to`. Units: m h d w M y.
export const MAPPED_TIME_RANGES: readonly MappedTimeRange[] = [
  mapped('Yesterday', 'now-1d/d', 'now-1d/d'),
  mapped('Day before yesterday', 'now-2d/d', 'now-2d/d'),
  mapped('This day last week', 'now-7d/d', 'now-7d/d'),
  mapped('Previous week', 'now-1w/w', 'now-1w/w'),
  mapped('Month', 'now-1M/M', 'now-1M/M'),
  mapped('Year', 'now-1y/y', 'now-1y/y'),
  mapped('Today', 'now/d', 'now/d'),
  mapped('Today so far', 'now/d', 'now'),
  mapped('This week', 'now/w', 'now/w'),
  mapped('This week so far', 'now/w', 'now'),
  mapped('This month', 'now/M', 'now/M'),
  mapped('This month so far', 'now/M', 'now'),
  mapped('This year', 'now/y', 'now/y'),
  mapped('This year so far', 'now/y', 'now'),
];

/** Recently used absolute ranges kept and shown. */
export const RECENT_ABSOLUTE_RANGES_MAX = 5;

/** Puts a range first in the recent list, without duplicates, keeping the latest five. */
export function addRecentAbsoluteRange(
  recent: readonly AbsoluteTimeRange[],
  range: AbsoluteTimeRange,
): AbsoluteTimeRange[] {
  const rest = recent.filter((r) => r.from !== range.from || r.to !== range.to);
  return [range, ...rest].slice(0, RECENT_ABSOLUTE_RANGES_MAX);
}

export const INVALID_RELATIVE_RANGE = 'Invalid relative time range';
export const INVALID_MAPPED_RANGE = 'Invalid mapped time range';

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const RELATIVE_UNITS: Readonly<Record<string, Unit>> = {
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  mo: 'month',
  y: 'year',
};
const MATH_UNITS: Readonly<Record<string, Unit>> = {
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  y: 'year',
};

function resolveDateMath(expr: string, now: Dayjs, roundUp: boolean): Dayjs | null {
  const match = /^now(?:([+-])(\d+)([mhdwMy]))?(?:\/([mhdwMy]))?$/.exec(expr.trim());
  if (!match) return null;
  const [, sign, amount, offsetUnit, roundUnit] = match;
  let date = now;
  const offset = offsetUnit ? MATH_UNITS[offsetUnit] : undefined;
  if (sign && amount && offset) {
    date = sign === '-' ? date.subtract(Number(amount), offset) : date.add(Number(amount), offset);
  }
  const round = roundUnit ? MATH_UNITS[roundUnit] : undefined;
  if (round) date = roundUp ? date.endOf(round) : date.startOf(round);
  return date;
}

/**
 * The absolute bounds of a range at `now`, in local time. Throws Error with the spec's message
 * ('Invalid relative time range' / 'Invalid mapped time range') when a range cannot be read.
 */
export function resolveTimeRange(range: TimeRangeValue, now: Date = new Date()): { from: Date; to: Date } {
  const current = dayjs(now);
  switch (range.type) {
    case 'relative': {
      const match = /^(\d+)(mo|m|h|d|w|y)$/.exec(range.range.trim());
      const unit = match?.[2] ? RELATIVE_UNITS[match[2]] : undefined;
      if (!match || !unit) throw new Error(INVALID_RELATIVE_RANGE);
      return { from: current.subtract(Number(match[1]), unit).toDate(), to: current.toDate() };
    }
    case 'mapped': {
      const from = resolveDateMath(range.from, current, false);
      const to = resolveDateMath(range.to, current, true);
      if (!from || !to) throw new Error(INVALID_MAPPED_RANGE);
      return { from: from.toDate(), to: to.toDate() };
    }
    case 'absolute': {
      const from = new Date(range.from);
      const to = new Date(range.to);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new Error('Invalid absolute time range');
      return { from, to };
    }
  }
}
