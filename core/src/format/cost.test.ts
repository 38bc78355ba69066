import { describe, expect, it } from 'vitest';
import { costTrend, formatCost } from './cost.js';

describe('formatCost', () => {
  it('uses 2 decimals at 10 or less', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.004)).toBe('$0.00');
    expect(formatCost(4.5)).toBe('$4.50');
    expect(formatCost(10)).toBe('$10.00');
  });

  it('uses no decimals above 10', () => {
    expect(formatCost(10.01)).toBe('$10');
    expect(formatCost(42.6)).toBe('$43');
    expect(formatCost(1000)).toBe('$1000');
  });

  it('shortens above 1000 with k', () => {
    expect(formatCost(1000.5)).toBe('$1k');
    expect(formatCost(1234)).toBe('$1.2k');
    expect(formatCost(1250)).toBe('$1.3k');
    expect(formatCost(25_000)).toBe('$25k');
    expect(formatCost(1_234_567)).toBe('$1234.6k');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatCost(-5)).toBe('-$5.00');
    expect(formatCost(-2000)).toBe('-$2k');
  });
});

describe('costTrend', () => {
  // 30-day cost 300 is a daily average of 10.
  it('is null within 10 percent of the daily average', () => {
    expect(costTrend(10, 300)).toBeNull();
    expect(costTrend(11, 300)).toBeNull();
    expect(costTrend(9, 300)).toBeNull();
  });

  it('points up or down beyond 10 percent', () => {
    expect(costTrend(11.01, 300)).toBe('up');
    expect(costTrend(8.99, 300)).toBe('down');
    expect(costTrend(0, 300)).toBe('down');
  });

  it('with no 30-day cost, points up only for a positive 1-day cost', () => {
    expect(costTrend(1, 0)).toBe('up');
    expect(costTrend(0, 0)).toBeNull();
  });
});
