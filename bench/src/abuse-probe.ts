/** Timing one client's requests, for the abuse benchmark's phases. */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export interface Probe {
  p50: number;
  p95: number;
  max: number;
  count: number;
  failures: number;
}

/** One client sending the same request again and again for `seconds`, timing every answer. */
export async function probe(url: string, init: RequestInit, seconds: number): Promise<Probe> {
  const times: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (response.ok) times.push(performance.now() - start);
      else failures += 1;
    } catch {
      // No answer at all (the server is gone): a failure, and a pause rather than a busy loop.
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.length > 0 ? Math.max(...times) : Number.NaN, count: times.length, failures };
}

const ms = (value: number): string => value.toFixed(1);

/** A line of the phase table: phase, target, answers, failed, p50, p95, max. */
export function probeRow(phase: string, target: string, p: Probe): string {
  return `${phase.padEnd(6)}  ${target.padEnd(12)}  ${String(p.count).padStart(7)}  ${String(p.failures).padStart(6)}  ${ms(p.p50).padStart(6)}  ${ms(p.p95).padStart(6)}  ${ms(p.max).padStart(6)}`;
}

export const PROBE_HEADER = 'phase   target        answers  failed     p50     p95     max';
