import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_RANGE,
  MAPPED_TIME_RANGES,
  RELATIVE_TIME_RANGES,
  addRecentAbsoluteRange,
  resolveTimeRange,
  type AbsoluteTimeRange,
  type MappedTimeRange,
} from './time-ranges.js';

// Local-time dates so the assertions hold in any time zone. 2024-05-15 is a Wednesday.
const now = new Date(2024, 4, 15, 13, 45, 10);

function mappedRange(display: string): MappedTimeRange {
  const range = MAPPED_TIME_RANGES.find((r) => r.display === display);
  if (!range) throw new Error(`no mapped range ${display}`);
  return range;
}

const endOfDay = (y: number, m: number, d: number) => new Date(y, m, d, 23, 59, 59, 999);

describe('settings time range options', () => {
  it('has the relative options of the spec and defaults to the last 2 days', () => {
    expect(RELATIVE_TIME_RANGES.map((r) => r.range)).toEqual([
      '5m', '15m', '30m', '1h', '3h', '6h', '12h', '24h', '2d', '7d', '30d', '90d', '6mo', '1y', '2y', '5y',
    ]);
    expect(DEFAULT_TIME_RANGE).toEqual({ type: 'relative', display: 'Last 2 days', range: '2d' });
  });

  it('has the fourteen mapped ranges', () => {
    expect(MAPPED_TIME_RANGES.map((r) => r.display)).toEqual([
      'Yesterday', 'Day before yesterday', 'This day last week', 'Previous week', 'Month', 'Year',
      'Today', 'Today so far', 'This week', 'This week so far', 'This month', 'This month so far',
      'This year', 'This year so far',
    ]);
  });
});

describe('resolveTimeRange', () => {
  it('resolves relative ranges back from now', () => {
    expect(resolveTimeRange({ type: 'relative', display: '', range: '2d' }, now)).toEqual({
      from: new Date(2024, 4, 13, 13, 45, 10),
      to: now,
    });
    expect(resolveTimeRange({ type: 'relative', display: '', range: '6mo' }, now).from).toEqual(
      new Date(2024, 4 - 6, 15, 13, 45, 10),
    );
    expect(resolveTimeRange({ type: 'relative', display: '', range: '15m' }, now).from).toEqual(
      new Date(2024, 4, 15, 13, 30, 10),
    );
  });

  it('resolves mapped ranges to whole days, weeks, months and years', () => {
    expect(resolveTimeRange(mappedRange('Yesterday'), now)).toEqual({
      from: new Date(2024, 4, 14),
      to: endOfDay(2024, 4, 14),
    });
    expect(resolveTimeRange(mappedRange('Day before yesterday'), now).from).toEqual(new Date(2024, 4, 13));
    expect(resolveTimeRange(mappedRange('This day last week'), now)).toEqual({
      from: new Date(2024, 4, 8),
      to: endOfDay(2024, 4, 8),
    });
    expect(resolveTimeRange(mappedRange('Previous week'), now)).toEqual({
      from: new Date(2024, 4, 5),
      to: endOfDay(2024, 4, 11),
    });
    expect(resolveTimeRange(mappedRange('Month'), now)).toEqual({
      from: new Date(2024, 3, 1),
      to: endOfDay(2024, 3, 30),
    });
    expect(resolveTimeRange(mappedRange('Year'), now)).toEqual({
      from: new Date(2023, 0, 1),
      to: endOfDay(2023, 11, 31),
    });
    expect(resolveTimeRange(mappedRange('Today so far'), now)).toEqual({ from: new Date(2024, 4, 15), to: now });
    expect(resolveTimeRange(mappedRange('This month'), now)).toEqual({
      from: new Date(2024, 4, 1),
      to: endOfDay(2024, 4, 31),
    });
    expect(resolveTimeRange(mappedRange('This year so far'), now)).toEqual({ from: new Date(2024, 0, 1), to: now });
  });

  it('throws the spec messages for unreadable ranges', () => {
    expect(() => resolveTimeRange({ type: 'relative', display: '', range: '2 days' }, now)).toThrow(
      'Invalid relative time range',
    );
    expect(() => resolveTimeRange({ type: 'mapped', display: '', from: 'yesterday', to: 'now' }, now)).toThrow(
      'Invalid mapped time range',
    );
  });

  it('passes absolute ranges through', () => {
    const range: AbsoluteTimeRange = {
      type: 'absolute',
      display: '',
      from: '2024-01-01T00:00:00Z',
      to: '2024-01-02T00:00:00Z',
    };
    expect(resolveTimeRange(range, now)).toEqual({
      from: new Date('2024-01-01T00:00:00Z'),
      to: new Date('2024-01-02T00:00:00Z'),
    });
  });
});

describe('recent absolute ranges', () => {
  const abs = (n: number): AbsoluteTimeRange => ({
    type: 'absolute',
    display: `r${n}`,
    from: `2024-01-0${n}`,
    to: `2024-01-0${n + 1}`,
  });

  it('puts the latest first and keeps five', () => {
    let recent: AbsoluteTimeRange[] = [];
    for (let n = 1; n <= 7; n++) recent = addRecentAbsoluteRange(recent, abs(n));
    expect(recent.map((r) => r.display)).toEqual(['r7', 'r6', 'r5', 'r4', 'r3']);
  });

  it('de-duplicates by bounds', () => {
    const recent = addRecentAbsoluteRange([abs(1), abs(2), abs(3)], { ...abs(2), display: 'again' });
    expect(recent.map((r) => r.display)).toEqual(['again', 'r1', 'r3']);
  });
});
