/** Percentages and uptime (spec 1 §9, spec 2 §9). */

/**
 * One decimal ('45.7%'); above 100 the value is shown as a multiple with one decimal
 * (250 -> '2.5x'). Non-finite gives ''.
 */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '';
  if (percent > 100) return `${(percent / 100).toFixed(1)}x`;
  return `${percent.toFixed(1)}%`;
}

export interface Uptime {
  passed: number;
  failed: number;
}

/** passed / (passed + failed) as a percent 0..100, or null when there was no run. */
export function uptimePercent({ passed, failed }: Uptime): number | null {
  const total = passed + failed;
  return total > 0 ? (passed / total) * 100 : null;
}
