import { describe, expect, it } from 'vitest';
import { isTimestampLayout, parseTimestamp } from './timestamp.js';

describe('log line times', () => {
  it('reads RFC3339 and ISO times, with fractions and zones', () => {
    expect(parseTimestamp('2026-11-25T10:00:00.123Z', 'RFC3339')).toBe(Date.UTC(2026, 10, 25, 10, 0, 0, 123));
    expect(parseTimestamp('2026-11-25T12:00:00+02:00', 'RFC3339')).toBe(Date.UTC(2026, 10, 25, 10));
    expect(parseTimestamp('not a time', 'RFC3339')).toBeNaN();
  });

  it('reads seconds and milliseconds since the epoch, as text or numbers', () => {
    expect(parseTimestamp('1764064800', 'unix')).toBe(1_764_064_800_000);
    expect(parseTimestamp('1764064800.5', 'unix')).toBe(1_764_064_800_500);
    expect(parseTimestamp('1764064800123', 'unix_ms')).toBe(1_764_064_800_123);
    expect(parseTimestamp(1_764_064_800, 'RFC3339')).toBe(1_764_064_800_000);
    expect(parseTimestamp(1_764_064_800_123, 'RFC3339')).toBe(1_764_064_800_123);
  });

  it('reads layouts of tokens, as UTC unless they have a zone', () => {
    expect(parseTimestamp('25/11/2026 10:00:01', 'DD/MM/YYYY HH:mm:ss')).toBe(Date.UTC(2026, 10, 25, 10, 0, 1));
    expect(parseTimestamp('2026-11-25 10:00:01.5', 'YYYY-MM-DD HH:mm:ss.SSS')).toBe(Date.UTC(2026, 10, 25, 10, 0, 1, 500));
    expect(parseTimestamp('2026-11-25 12:00:00 +0200', 'YYYY-MM-DD HH:mm:ss Z')).toBe(Date.UTC(2026, 10, 25, 10));
    expect(parseTimestamp('2026-11-25', 'DD/MM/YYYY')).toBeNaN();
  });

  it('knows which layouts it can read', () => {
    expect(['RFC3339', 'unix', 'unix_ms', 'YYYY-MM-DD'].map(isTimestampLayout)).toEqual([true, true, true, true]);
    expect(isTimestampLayout('yesterday')).toBe(false);
  });
});
