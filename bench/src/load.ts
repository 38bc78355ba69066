import autocannon from 'autocannon';

export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadResult {
  /** autocannon's mean of the per-second request counts. */
  requestsPerSecond: number;
  /** Nearest-rank 95th percentile of the 2xx response times, computed from every sample. */
  p95Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

interface Run {
  result: autocannon.Result;
  /** Response times (ms) of the 2xx responses. */
  latencies: number[];
}

function run(target: LoadTarget, connections: number, durationSeconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      { url: target.url, headers: target.headers, connections, duration: durationSeconds },
      (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ result, latencies })),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)] ?? Number.NaN;
}

/** Warms the target up, then loads it and measures. */
export async function measure(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  await run(target, options.connections, options.warmupSeconds);
  const { result, latencies } = await run(target, options.connections, options.durationSeconds);
  return {
    requestsPerSecond: result.requests.average,
    p95Ms: percentile(latencies, 95),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
