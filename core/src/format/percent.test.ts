import { describe, expect, it } from 'vitest';
import { formatPercent, uptimePercent } from './percent.js';

describe('formatPercent', () => {
  it('shows one decimal', () => {
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(45.67)).toBe('45.7%');
    expect(formatPercent(99.95)).toBe('100.0%');
    expect(formatPercent(100)).toBe('100.0%');
  });

  it('shows values above 100 as a multiple', () => {
    expect(formatPercent(150)).toBe('1.5x');
    expect(formatPercent(250)).toBe('2.5x');
    expect(formatPercent(1000)).toBe('10.0x');
  });

  it('gives an empty string for non-finite values', () => {
    expect(formatPercent(Number.NaN)).toBe('');
  });
});

describe('uptimePercent', () => {
  it('is passed / (passed + failed)', () => {
    expect(uptimePercent({ passed: 3, failed: 1 })).toBe(75);
    expect(uptimePercent({ passed: 10, failed: 0 })).toBe(100);
    expect(uptimePercent({ passed: 0, failed: 4 })).toBe(0);
  });

  it('is null without runs', () => {
    expect(uptimePercent({ passed: 0, failed: 0 })).toBeNull();
  });
});
