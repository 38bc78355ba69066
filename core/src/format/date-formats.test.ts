import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLogTimestamp, formatMonthDay, formatTime, formatTimestamp } from './date-formats.js';

// Built in local time so the assertions hold in any time zone.
const afternoon = new Date(2024, 0, 5, 15, 7, 9, 42);
const morning = new Date(2024, 10, 23, 0, 5);

describe('date formats', () => {
  it("formats 'h:mm A'", () => {
    expect(formatTime(afternoon)).toBe('3:07 PM');
    expect(formatTime(morning)).toBe('12:05 AM');
  });

  it("formats 'MMM DD'", () => {
    expect(formatMonthDay(afternoon)).toBe('Jan 05');
    expect(formatMonthDay(morning)).toBe('Nov 23');
  });

  it("formats 'h:mm A, MMM DD, YYYY'", () => {
    expect(formatDateTime(afternoon)).toBe('3:07 PM, Jan 05, 2024');
  });

  it("formats 'YYYY-MM-DD HH:mm'", () => {
    expect(formatTimestamp(afternoon)).toBe('2024-01-05 15:07');
    expect(formatTimestamp(morning)).toBe('2024-11-23 00:05');
  });

  it("formats log timestamps 'YYYY-MM-DD HH:mm.ss.SSS'", () => {
    expect(formatLogTimestamp(afternoon)).toBe('2024-01-05 15:07.09.042');
  });

  it('accepts numbers and ISO strings', () => {
    expect(formatTimestamp(afternoon.getTime())).toBe('2024-01-05 15:07');
    expect(formatTimestamp(afternoon.toISOString())).toBe('2024-01-05 15:07');
  });

  it('gives an empty string for zero, empty and invalid dates', () => {
    for (const value of ['0001-01-01T00:00:00Z', '', null, undefined, 'garbage']) {
      expect(formatDateTime(value)).toBe('');
      expect(formatTimestamp(value)).toBe('');
    }
  });
});
