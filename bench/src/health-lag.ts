import type { Arrival } from './health-target.js';

export interface LagResult {
  /** ms from each tick to its check's request reaching the target, per layout. */
  lags: number[][];
  expected: number;
  missed: number;
}

/**
 * Scheduling lag of the ticks in [from, to): each arrival belongs to the latest tick of its check's
 * schedule at or before it (ticks are `phase + k * interval`), and a tick of the window with no
 * arrival is missed.
 */
export function lagsOf(arrivals: readonly Arrival[], phaseOf: Float64Array, layoutOf: Uint8Array, layouts: number, intervalMs: number, from: number, to: number): LagResult {
  const lags: number[][] = Array.from({ length: layouts }, () => []);
  const seen = new Set<string>();
  for (const { check, at } of arrivals) {
    if (at < from || check >= phaseOf.length) continue;
    const phase = phaseOf[check]!;
    const tick = phase + Math.floor((at - phase) / intervalMs) * intervalMs;
    if (tick < from || tick >= to) continue;
    const key = `${check}@${tick}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lags[layoutOf[check]!]!.push(at - tick);
  }
  let expected = 0;
  for (const phase of phaseOf) {
    const first = phase + Math.ceil((from - phase) / intervalMs) * intervalMs;
    for (let tick = first; tick < to; tick += intervalMs) expected++;
  }
  return { lags, expected, missed: expected - seen.size };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
