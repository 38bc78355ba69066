import { describe, expect, it } from 'vitest';
import {
  REFRESH_RATES,
  TIME_RANGES,
  allowedRefreshRate,
  defaultTimeRangeForAge,
  isRefreshRateAllowed,
  isTimeRange,
  parseDurationFilter,
  refreshRateMs,
  timeRangeMinutes,
  type RefreshRate,
} from './time-range.js';

describe('time ranges', () => {
  it('lists the twenty ranges in order', () => {
    expect(TIME_RANGES).toEqual([
      '15m', '1h', '2h', '3h', '6h', '12h', '1d', '2d', '3d', '1w', '2w', '3w',
      '1mo', '2mo', '3mo', '6mo', '1y', '2y', '3y', '5y',
    ]);
  });

  it('has the minute values given by the spec', () => {
    expect(timeRangeMinutes('15m')).toBe(15);
    expect(timeRangeMinutes('1h')).toBe(60);
    expect(timeRangeMinutes('1d')).toBe(1440);
    expect(timeRangeMinutes('1w')).toBe(10080);
    expect(timeRangeMinutes('1mo')).toBe(43200);
    expect(timeRangeMinutes('1y')).toBe(518400);
  });

  it('derives the others consistently (30-day month, 360-day year)', () => {
    expect(timeRangeMinutes('2h')).toBe(120);
    expect(timeRangeMinutes('3h')).toBe(180);
    expect(timeRangeMinutes('12h')).toBe(720);
    expect(timeRangeMinutes('3d')).toBe(4320);
    expect(timeRangeMinutes('3w')).toBe(30240);
    expect(timeRangeMinutes('6mo')).toBe(259200);
    expect(timeRangeMinutes('5y')).toBe(2592000);
    for (let i = 1; i < TIME_RANGES.length; i++) {
      const prev = TIME_RANGES[i - 1];
      const cur = TIME_RANGES[i];
      if (!prev || !cur) throw new Error('index');
      expect(timeRangeMinutes(cur)).toBeGreaterThan(timeRangeMinutes(prev));
    }
  });

  it('recognises range keys', () => {
    expect(isTimeRange('1mo')).toBe(true);
    expect(isTimeRange('1m')).toBe(false);
    expect(isTimeRange('toString')).toBe(false);
  });

  it('picks the drawer default range from the age of the last run, 1h to 5y', () => {
    expect(defaultTimeRangeForAge(0)).toBe('1h');
    expect(defaultTimeRangeForAge(5 * 60_000)).toBe('1h');
    expect(defaultTimeRangeForAge(60 * 60_000)).toBe('1h');
    expect(defaultTimeRangeForAge(61 * 60_000)).toBe('2h');
    expect(defaultTimeRangeForAge(25 * 3_600_000)).toBe('2d');
    expect(defaultTimeRangeForAge(100 * 365 * 86_400_000)).toBe('5y');
  });
});

describe('refresh rates', () => {
  it('offers None, 15s, 30s, 60s, 2m, 3m, 5m, 10m, 15m', () => {
    expect(REFRESH_RATES).toEqual(['none', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m']);
    expect(refreshRateMs('none')).toBe(0);
    expect(refreshRateMs('60s')).toBe(60_000);
    expect(refreshRateMs('15m')).toBe(900_000);
  });

  const allowed = (minutes: number): RefreshRate[] => REFRESH_RATES.filter((r) => isRefreshRateAllowed(minutes, r));

  it('allows every rate below 60 minutes', () => {
    expect(allowed(15)).toEqual([...REFRESH_RATES]);
    expect(allowed(59)).toEqual([...REFRESH_RATES]);
  });

  it('disables 15s and 30s from 60 minutes', () => {
    expect(allowed(60)).toEqual(['none', '60s', '2m', '3m', '5m', '10m', '15m']);
    expect(allowed(179)).toEqual(['none', '60s', '2m', '3m', '5m', '10m', '15m']);
  });

  it('also disables 2m and 3m from 180 minutes', () => {
    expect(allowed(180)).toEqual(['none', '60s', '5m', '10m', '15m']);
    expect(allowed(518400)).toEqual(['none', '60s', '5m', '10m', '15m']);
  });

  it('keeps an allowed choice', () => {
    expect(allowedRefreshRate(15, '15s')).toBe('15s');
    expect(allowedRefreshRate(1440, 'none')).toBe('none');
    expect(allowedRefreshRate(1440, '60s')).toBe('60s');
    expect(allowedRefreshRate(120, '2m')).toBe('2m');
  });

  it('falls back to the next allowed option', () => {
    expect(allowedRefreshRate(60, '15s')).toBe('60s');
    expect(allowedRefreshRate(60, '30s')).toBe('60s');
    expect(allowedRefreshRate(180, '15s')).toBe('60s');
    expect(allowedRefreshRate(180, '2m')).toBe('5m');
    expect(allowedRefreshRate(180, '3m')).toBe('5m');
  });
});

describe('status list duration filter', () => {
  it('accepts ms and s values', () => {
    expect(parseDurationFilter('100ms')).toEqual({ ok: true, ms: 100 });
    expect(parseDurationFilter('5s')).toEqual({ ok: true, ms: 5000 });
    expect(parseDurationFilter('1.5s')).toEqual({ ok: true, ms: 1500 });
    expect(parseDurationFilter('All')).toEqual({ ok: true, ms: null });
    expect(parseDurationFilter('')).toEqual({ ok: true, ms: null });
  });

  it('rejects other units with the spec message', () => {
    for (const value of ['1m', '2h', '10', 'abc', '-5s']) {
      expect(parseDurationFilter(value)).toEqual({
        ok: false,
        error: 'duration is allowed only in milli seconds & seconds',
      });
    }
  });
});
