import { describe, expect, it } from 'vitest';
import { isZeroDate, toDate } from './zero-date.js';

describe('isZeroDate', () => {
  it('recognises 0001-01-01 in strings and dates', () => {
    expect(isZeroDate('0001-01-01T00:00:00Z')).toBe(true);
    expect(isZeroDate('0001-01-01')).toBe(true);
    expect(isZeroDate(new Date('0001-01-01T00:00:00Z'))).toBe(true);
  });

  it('is false for real and missing dates', () => {
    expect(isZeroDate('2024-01-01T00:00:00Z')).toBe(false);
    expect(isZeroDate(new Date())).toBe(false);
    expect(isZeroDate(null)).toBe(false);
    expect(isZeroDate(undefined)).toBe(false);
  });
});

describe('toDate', () => {
  it('treats zero, empty and invalid dates as empty', () => {
    expect(toDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(toDate('nope')).toBeNull();
  });

  it('parses strings, numbers and dates', () => {
    expect(toDate('2024-01-01T00:00:00Z')?.getTime()).toBe(Date.UTC(2024, 0, 1));
    expect(toDate(0)?.getTime()).toBe(0);
    const d = new Date();
    expect(toDate(d)).toBe(d);
  });
});
