import type pg from 'pg';
import { latencyStart, measureLatency, measureUptime, type Latency, type Uptime } from './uptime-latency.js';

/** Measurements of a range are reused for a sixtieth of its length, between these bounds. */
const MIN_FRESH_MS = 5_000;
const MAX_FRESH_MS = 60_000;
/** A stale measurement still goes out (while a fresh one is made) until it is this many times its freshness old. */
const STALE_FACTOR = 5;

/** What the summary joins to each check: its uptime over the range and its latency. */
export interface Measured {
  uptime: Uptime;
  latency: Latency;
}

interface Entry<T> {
  measuredAt: number;
  value: T;
}

/** One kind of measurement by range in minutes, and the measurement under way per range (callers at once share it). */
interface Kind<T> {
  entries: Map<number, Entry<T>>;
  pending: Map<number, Promise<T>>;
}

interface Caches {
  uptime: Kind<Uptime>;
  latency: Kind<Latency>;
}

const caches = new WeakMap<pg.Pool, Caches>();

function cachesOf(db: pg.Pool): Caches {
  let found = caches.get(db);
  if (!found) caches.set(db, (found = { uptime: { entries: new Map(), pending: new Map() }, latency: { entries: new Map(), pending: new Map() } }));
  return found;
}

const freshFor = (rangeMs: number): number => Math.min(MAX_FRESH_MS, Math.max(MIN_FRESH_MS, rangeMs / 60));

/**
 * The measurement of a range, made at most once per range at a time and reused while fresh: ten
 * people opening the dashboard cost one measurement, and its auto-refresh reads what the last one
 * found. A stale one is served while the next is made.
 */
function cached<T>(kind: Kind<T>, rangeMs: number, now: Date, measure: () => Promise<T>): Promise<T> {
  const key = Math.round(rangeMs / 60_000);
  const freshMs = freshFor(rangeMs);
  const entry = kind.entries.get(key);
  const age = entry ? now.getTime() - entry.measuredAt : Number.POSITIVE_INFINITY;
  if (entry && age <= freshMs) return Promise.resolve(entry.value);
  let pending = kind.pending.get(key);
  if (!pending) {
    const measuredAt = now.getTime();
    pending = measure()
      .then((value) => {
        // Measurements too old to be served are dropped, so ranges nobody asks for again take no memory.
        for (const [other, { measuredAt: at }] of kind.entries) if (measuredAt - at > MAX_FRESH_MS * STALE_FACTOR) kind.entries.delete(other);
        kind.entries.set(key, { measuredAt, value });
        return value;
      })
      .finally(() => kind.pending.delete(key));
    kind.pending.set(key, pending);
  }
  if (entry && age <= freshMs * STALE_FACTOR) {
    pending.catch(() => undefined);
    return Promise.resolve(entry.value);
  }
  return pending;
}

/**
 * Uptime of every check over the last `now - start` and latency over at most its last hour (one
 * measurement for every range of an hour or more, the costly part: it sorts an hour of statuses).
 */
export async function measuredSince(db: pg.Pool, start: Date, now: Date): Promise<Measured> {
  const { uptime, latency } = cachesOf(db);
  const since = latencyStart(start, now);
  const [uptimeOf, latencyOf] = await Promise.all([
    cached(uptime, now.getTime() - start.getTime(), now, () => measureUptime(db, start, now)),
    cached(latency, now.getTime() - since.getTime(), now, () => measureLatency(db, since, now)),
  ]);
  return { uptime: uptimeOf, latency: latencyOf };
}

/** Forgets what was measured (after Run Now, so the dashboard shows its run at once). */
export function forgetMeasured(db: pg.Pool): void {
  const { uptime, latency } = cachesOf(db);
  uptime.entries.clear();
  latency.entries.clear();
}

/**
 * Keeps the measurements of `ranges` (such as the dashboard's default `1h`, in ms) made: at once, then
 * again each time they go stale, so that no request waits for one. Stops with `signal`; resolves once
 * the first measurements are made.
 */
export function keepMeasured(db: pg.Pool, ranges: readonly number[], signal: AbortSignal, onError: (error: unknown) => void): Promise<void> {
  const timers = new Map<number, NodeJS.Timeout>();
  signal.addEventListener('abort', () => timers.forEach((timer) => clearTimeout(timer)), { once: true });
  const measure = async (rangeMs: number): Promise<void> => {
    if (signal.aborted) return;
    const now = new Date();
    await measuredSince(db, new Date(now.getTime() - rangeMs), now)
      .then(() => undefined, onError)
      .finally(() => {
        if (signal.aborted) return;
        // Just past fresh: the next call finds the measurement stale and makes another in the background.
        const timer = setTimeout(() => void measure(rangeMs), freshFor(rangeMs) + 1);
        timer.unref();
        timers.set(rangeMs, timer);
      });
  };
  return Promise.all(ranges.map(measure)).then(() => undefined);
}
