import { DEFAULT_TIME_RANGE } from '@pharos/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTimeRange, TimeRangeError, timeRangeBounds, writeTimeRange } from './time-range-url';

afterEach(() => vi.restoreAllMocks());

const now = new Date(2024, 4, 15, 13, 45, 10);

describe('time ranges in the URL', () => {
  it('defaults to the last 2 days and round-trips each kind', () => {
    expect(readTimeRange(new URLSearchParams())).toEqual(DEFAULT_TIME_RANGE);
    const search = new URLSearchParams('pageIndex=2');
    writeTimeRange(search, { type: 'relative', display: 'Last 6 hours', range: '6h' });
    expect(search.toString()).toBe('pageIndex=2&rangeType=relative&range=6h');
    expect(readTimeRange(search)).toEqual({ type: 'relative', display: 'Last 6 hours', range: '6h' });

    writeTimeRange(search, { type: 'mapped', display: 'This week so far', from: 'now/w', to: 'now' });
    expect(search.toString()).toBe('pageIndex=2&rangeType=mapped&display=This+week+so+far');
    expect(readTimeRange(search)).toEqual({ type: 'mapped', display: 'This week so far', from: 'now/w', to: 'now' });

    writeTimeRange(search, { type: 'absolute', display: 'x', from: '2024-03-01T10:00:00.000Z', to: '2024-03-02T10:00:00.000Z' });
    expect(search.get('display')).toBeNull();
    expect(readTimeRange(search)).toMatchObject({ type: 'absolute', from: '2024-03-01T10:00:00.000Z', to: '2024-03-02T10:00:00.000Z' });
  });

  it('resolves bounds at now', () => {
    expect(timeRangeBounds(DEFAULT_TIME_RANGE, now)).toEqual({
      from: new Date(2024, 4, 13, 13, 45, 10).toISOString(),
      to: now.toISOString(),
    });
    expect(timeRangeBounds(readTimeRange(new URLSearchParams('rangeType=mapped&display=Yesterday')), now)).toEqual({
      from: new Date(2024, 4, 14).toISOString(),
      to: new Date(2024, 4, 14, 23, 59, 59, 999).toISOString(),
    });
  });

  it("logs 'Invalid relative time range' and bounds nothing", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(timeRangeBounds(readTimeRange(new URLSearchParams('rangeType=relative&range=soon')), now)).toBeNull();
    expect(error).toHaveBeenCalledWith('Invalid relative time range');
  });

  it("logs 'Invalid mapped time range' and throws", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const range = readTimeRange(new URLSearchParams('rangeType=mapped&display=Someday'));
    expect(() => timeRangeBounds(range, now)).toThrow(TimeRangeError);
    expect(() => timeRangeBounds(range, now)).toThrow('Invalid mapped time range');
    expect(error).toHaveBeenCalledWith('Invalid mapped time range');
  });
});
