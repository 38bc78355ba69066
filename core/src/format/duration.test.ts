import { describe, expect, it } from 'vitest';
import { formatDuration, formatLongDuration } from './duration.js';

// Rounding rule: whole milliseconds; s, m and h keep one decimal with '.0' dropped; a value that
// rounds up to the next unit's boundary is shown in that unit.
describe('formatDuration', () => {
  it('shows under 1 s in ms', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(1)).toBe('1ms');
    expect(formatDuration(250.4)).toBe('250ms');
    expect(formatDuration(999)).toBe('999ms');
  });

  it('shows under 1 min in s with one decimal', () => {
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(1549)).toBe('1.5s');
    expect(formatDuration(1550)).toBe('1.6s');
    expect(formatDuration(59_000)).toBe('59s');
  });

  it('shows under 1 h in m and above in h', () => {
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(90_000)).toBe('1.5m');
    expect(formatDuration(59 * 60_000)).toBe('59m');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(5_400_000)).toBe('1.5h');
    expect(formatDuration(50 * 3_600_000)).toBe('50h');
  });

  it('moves to the next unit when rounding reaches its boundary', () => {
    expect(formatDuration(999.6)).toBe('1s');
    expect(formatDuration(59_960)).toBe('1m');
    expect(formatDuration(3_599_000)).toBe('1h');
  });

  it('handles negative and non-finite values', () => {
    expect(formatDuration(-1500)).toBe('-1.5s');
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatLongDuration', () => {
  const d = 86_400_000;
  const h = 3_600_000;
  const m = 60_000;
  const s = 1000;

  it('shows days, hours, minutes and seconds', () => {
    expect(formatLongDuration(d + 2 * h + 3 * m + 4 * s)).toBe('1d 2h 3m 4s');
  });

  it('omits zero parts', () => {
    expect(formatLongDuration(d + 4 * s)).toBe('1d 4s');
    expect(formatLongDuration(2 * h)).toBe('2h');
    expect(formatLongDuration(3 * m + 500)).toBe('3m');
    expect(formatLongDuration(400 * d)).toBe('400d');
  });

  it('is 0s under a second and drops milliseconds', () => {
    expect(formatLongDuration(0)).toBe('0s');
    expect(formatLongDuration(999)).toBe('0s');
    expect(formatLongDuration(59_999)).toBe('59s');
  });

  it('handles negative and non-finite values', () => {
    expect(formatLongDuration(-61_000)).toBe('-1m 1s');
    expect(formatLongDuration(Number.NaN)).toBe('');
  });
});
