import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

const now = new Date('2024-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it('uses s under a minute', () => {
    expect(relativeTime(now, now)).toBe('0s ago');
    expect(relativeTime(ago(999), now)).toBe('0s ago');
    expect(relativeTime(ago(45 * S), now)).toBe('45s ago');
    expect(relativeTime(ago(59 * S + 999), now)).toBe('59s ago');
  });

  it('uses m under an hour, h under a day', () => {
    expect(relativeTime(ago(M), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * M), now)).toBe('59m ago');
    expect(relativeTime(ago(H), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * H + 59 * M), now)).toBe('23h ago');
  });

  it('uses d under 30 days, then mo, then y', () => {
    expect(relativeTime(ago(D), now)).toBe('1d ago');
    expect(relativeTime(ago(29 * D), now)).toBe('29d ago');
    expect(relativeTime(ago(30 * D), now)).toBe('1mo ago');
    expect(relativeTime(ago(75 * D), now)).toBe('2mo ago');
    expect(relativeTime(ago(364 * D), now)).toBe('11mo ago');
    expect(relativeTime(ago(365 * D), now)).toBe('1y ago');
    expect(relativeTime(ago(3 * 365 * D), now)).toBe('3y ago');
  });

  it("says 'in' for future dates", () => {
    expect(relativeTime(new Date(now.getTime() + 5 * M), now)).toBe('in 5m');
  });

  it('accepts ISO strings and numbers', () => {
    expect(relativeTime('2024-06-15T11:00:00Z', now)).toBe('1h ago');
    expect(relativeTime(now.getTime() - 2 * D, now.getTime())).toBe('2d ago');
  });

  it('gives an empty string for zero, empty and invalid dates', () => {
    expect(relativeTime('0001-01-01T00:00:00Z', now)).toBe('');
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('garbage', now)).toBe('');
  });
});
