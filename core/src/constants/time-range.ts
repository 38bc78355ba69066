/** Health dashboard time ranges, auto-refresh rates and the status-list duration filter (spec 1 §2, §5, §9). */

const HOUR = 60;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// The spec fixes 1mo = 43200 and 1y = 518400 minutes, i.e. a 30-day month and a 360-day year.
const MONTH = 30 * DAY;
const YEAR = 12 * MONTH;

/** Time-range keys in display order with their length in minutes. */
export const TIME_RANGE_MINUTES = {
  '15m': 15,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '3h': 3 * HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '2d': 2 * DAY,
  '3d': 3 * DAY,
  '1w': WEEK,
  '2w': 2 * WEEK,
  '3w': 3 * WEEK,
  '1mo': MONTH,
  '2mo': 2 * MONTH,
  '3mo': 3 * MONTH,
  '6mo': 6 * MONTH,
  '1y': YEAR,
  '2y': 2 * YEAR,
  '3y': 3 * YEAR,
  '5y': 5 * YEAR,
} as const;
export type TimeRange = keyof typeof TIME_RANGE_MINUTES;
export const TIME_RANGES = Object.keys(TIME_RANGE_MINUTES) as TimeRange[];

export function isTimeRange(x: string): x is TimeRange {
  return Object.hasOwn(TIME_RANGE_MINUTES, x);
}

export function timeRangeMinutes(range: TimeRange): number {
  return TIME_RANGE_MINUTES[range];
}

/**
 * Default range of the check drawer: the smallest range from 1h up that covers the age of the
 * last run, capped at 5y.
 */
export function defaultTimeRangeForAge(ageMs: number): TimeRange {
  const candidates = TIME_RANGES.filter((r) => TIME_RANGE_MINUTES[r] >= HOUR);
  return candidates.find((r) => TIME_RANGE_MINUTES[r] * 60_000 >= ageMs) ?? '5y';
}

export const REFRESH_RATES = ['none', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;
export type RefreshRate = (typeof REFRESH_RATES)[number];

export const REFRESH_RATE_OPTIONS: readonly { value: RefreshRate; label: string; ms: number }[] = [
  { value: 'none', label: 'None', ms: 0 },
  { value: '15s', label: '15s', ms: 15_000 },
  { value: '30s', label: '30s', ms: 30_000 },
  { value: '60s', label: '60s', ms: 60_000 },
  { value: '2m', label: '2m', ms: 120_000 },
  { value: '3m', label: '3m', ms: 180_000 },
  { value: '5m', label: '5m', ms: 300_000 },
  { value: '10m', label: '10m', ms: 600_000 },
  { value: '15m', label: '15m', ms: 900_000 },
];
/** Units a refresh interval may be written in. */
export const REFRESH_RATE_UNITS = ['s', 'm', 'h', 'd', 'w'] as const;

export function isRefreshRate(x: string): x is RefreshRate {
  return (REFRESH_RATES as readonly string[]).includes(x);
}

/** 15s and 30s are off for ranges of 60 minutes or more; 2m and 3m too from 180 minutes. */
export function isRefreshRateAllowed(rangeMinutes: number, rate: RefreshRate): boolean {
  if (rangeMinutes >= 60 && (rate === '15s' || rate === '30s')) return false;
  if (rangeMinutes >= 180 && (rate === '2m' || rate === '3m')) return false;
  return true;
}

/** The chosen rate when allowed for the range, otherwise the next allowed (slower) one. */
export function allowedRefreshRate(rangeMinutes: number, chosen: RefreshRate): RefreshRate {
  const start = REFRESH_RATES.indexOf(chosen);
  for (const rate of REFRESH_RATES.slice(start)) {
    if (isRefreshRateAllowed(rangeMinutes, rate)) return rate;
  }
  // Unreachable while the slowest rate is always allowed; kept so the type stays total.
  return 'none';
}

export function refreshRateMs(rate: RefreshRate): number {
  return REFRESH_RATE_OPTIONS.find((o) => o.value === rate)?.ms ?? 0;
}

/** Check status list: duration filter presets (custom values are allowed). */
export const STATUS_DURATION_FILTER_OPTIONS = ['All', '100ms', '500ms', '1s', '5s', '10s', '30s'] as const;
export const DURATION_FILTER_ERROR = 'duration is allowed only in milli seconds & seconds';

export type DurationFilterResult = { ok: true; ms: number | null } | { ok: false; error: string };

/** Parses a status-list duration filter: 'All' or empty means no filter; only ms or s units. */
export function parseDurationFilter(text: string): DurationFilterResult {
  const value = text.trim();
  if (value === '' || value === 'All') return { ok: true, ms: null };
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(value);
  if (!match) return { ok: false, error: DURATION_FILTER_ERROR };
  const amount = Number(match[1]);
  return { ok: true, ms: match[2] === 's' ? amount * 1000 : amount };
}

/** Status list (check history) paging. */
export const STATUS_LIST_PAGE_SIZE = 50;
export const STATUS_LIST_PAGE_SIZE_OPTIONS = [50, 100, 200] as const;
