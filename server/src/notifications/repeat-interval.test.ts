import { describe, expect, it } from 'vitest';
import { repeatIntervalMs } from './repeat-interval.js';

describe('repeat intervals', () => {
  it('reads the options of spec 3 (1m is a month)', () => {
    expect(['1h', '2h', '3h', '6h', '1d', '1w', '1m'].map(repeatIntervalMs)).toEqual([1, 2, 3, 6, 24, 168, 720].map((hours) => hours * 3_600_000));
  });

  it('is undefined when unset and refuses what it cannot read', () => {
    expect(repeatIntervalMs(null)).toBeUndefined();
    expect(repeatIntervalMs(' ')).toBeUndefined();
    expect(() => repeatIntervalMs('soon')).toThrow("repeat interval 'soon' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m");
  });
});
