/** Cost display and trend (spec 2 §9). */

/**
 * '$4.50' for 10 or less (2 decimals), '$42' above 10 (no decimals), '$1.2k' above 1000 (thousands
 * with one decimal, trailing .0 dropped). Negative amounts keep their sign before the '$'.
 */
export function formatCost(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (value < 0) return `-${formatCost(-value)}`;
  if (value > 1000) return `$${Math.round(value / 100) / 10}k`;
  if (value > 10) return `$${Math.round(value)}`;
  return `$${value.toFixed(2)}`;
}

export type CostTrend = 'up' | 'down';

/** More than this relative difference between the 1-day cost and the 30-day daily average shows an arrow. */
export const COST_TREND_THRESHOLD = 0.1;

/**
 * 'up' or 'down' when the 1-day cost differs from the 30-day daily average (cost30d / 30) by more
 * than 10 percent, otherwise null. With a zero average any positive 1-day cost is 'up'.
 */
export function costTrend(cost1d: number, cost30d: number): CostTrend | null {
  const average = cost30d / 30;
  const difference = cost1d - average;
  if (average === 0) return difference > 0 ? 'up' : null;
  if (Math.abs(difference) / Math.abs(average) <= COST_TREND_THRESHOLD) return null;
  return difference > 0 ? 'up' : 'down';
}
