import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_WINDOW_MS, groupWindowMs, settleMs, storedWindowMs } from './group-window.js';

describe('groupWindowMs', () => {
  it('reads seconds, minutes and hours, and defaults when empty', () => {
    expect(groupWindowMs('30s')).toBe(30_000);
    expect(groupWindowMs(' 5m ')).toBe(300_000);
    expect(groupWindowMs('2h')).toBe(7_200_000);
    expect(groupWindowMs('05m')).toBe(300_000);
    expect(groupWindowMs(null)).toBe(DEFAULT_GROUP_WINDOW_MS);
    expect(groupWindowMs('')).toBe(DEFAULT_GROUP_WINDOW_MS);
  });

  it('refuses what it cannot read, saying what it takes', () => {
    expect(() => groupWindowMs('5 minutes')).toThrow("group window '5 minutes' is not a whole number of seconds, minutes or hours such as 30s, 5m or 1h");
    expect(() => groupWindowMs('0s')).toThrow(/is not a whole number/);
  });

  it('settles for the window, at most 30 s, and reads a stored window it cannot read as the default', () => {
    expect(settleMs(groupWindowMs('5m'))).toBe(30_000);
    expect(settleMs(groupWindowMs('2s'))).toBe(2_000);
    expect(storedWindowMs('5 minutes')).toBe(DEFAULT_GROUP_WINDOW_MS);
    expect(storedWindowMs('10s')).toBe(10_000);
  });
});
