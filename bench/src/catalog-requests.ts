import type pg from 'pg';
import { percentile } from './health-lag.js';

/** A screen's request against the server, with the plain count(*) of the same filter as its floor. */
export interface CatalogProbe {
  name: string;
  /** Sends the request (the i-th of the run) and checks its answer; resolves when the body is read. */
  request(i: number): Promise<void>;
  /** The plain `SELECT count(*)` of the request's filter (the i-th of the run): its SQL and parameters. */
  count(i: number): { text: string; values: unknown[] };
}

export interface ProbeResult {
  name: string;
  p50: number;
  p95: number;
  countP50: number;
  countP95: number;
  /** Rows the first count found. */
  rows: number;
}

/** One call timed in ms from sending to the last byte. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** `repeats` requests one after another after two untimed ones, then as many counts of the same filter the same way. */
export async function measureProbe(pool: pg.Pool, probe: CatalogProbe, repeats: number): Promise<ProbeResult> {
  for (let i = 0; i < 2; i++) await probe.request(i);
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) times.push(await timed(() => probe.request(i)));
  const first = await pool.query<{ count: string }>(probe.count(0));
  const counts: number[] = [];
  for (let i = 0; i < repeats; i++) counts.push(await timed(() => pool.query(probe.count(i))));
  return {
    name: probe.name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    countP50: percentile(counts, 50),
    countP95: percentile(counts, 95),
    rows: Number(first.rows[0]?.count ?? 0),
  };
}

/** The server's answer as JSON, or an error with its status and text. */
export async function answer<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
