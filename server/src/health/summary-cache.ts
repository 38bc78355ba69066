import type pg from 'pg';
import { uptimeAndLatency, type Measured } from './uptime-latency.js';


/** Answers for a range are reused for a sixtieth of its length, between these bounds. */
const MIN_FRESH_MS = 5_000;
const MAX_FRESH_MS = 60_000;
/** A stale answer still goes out (while a fresh one is measured) until it is this many times its freshness old. */
const STALE_FACTOR = 5;

interface Entry {
  measuredAt: number;
  value: Measured;
}

interface RangeCache {
  entries: Map<number, Entry>;
  /** The measurement under way per range: callers at once share it. */
  pending: Map<number, Promise<Measured>>;
}

const caches = new WeakMap<pg.Pool, RangeCache>();

function cacheOf(db: pg.Pool): RangeCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), pending: new Map() }));
  return cache;
}

/**
 * Uptime and latency of every check over the last `now - start`, measured at most once per range
 * at a time and reused while fresh: ten people opening the dashboard cost one measurement, and its
 * auto-refresh reads what the last one found. A stale answer is served while the next is measured.
 */
export async function measuredSince(db: pg.Pool, start: Date, now: Date): Promise<Measured> {
  const rangeMs = now.getTime() - start.getTime();
  const key = Math.round(rangeMs / 60_000);
  const freshMs = Math.min(MAX_FRESH_MS, Math.max(MIN_FRESH_MS, rangeMs / 60));
  const cache = cacheOf(db);
  const entry = cache.entries.get(key);
  const age = entry ? now.getTime() - entry.measuredAt : Number.POSITIVE_INFINITY;
  if (entry && age <= freshMs) return entry.value;
  let pending = cache.pending.get(key);
  if (!pending) {
    const measuredAt = now.getTime();
    pending = uptimeAndLatency(db, start, now)
      .then((value) => {
        // Answers too old to be served are dropped, so ranges nobody asks for again take no memory.
        for (const [other, { measuredAt: at }] of cache.entries) if (measuredAt - at > MAX_FRESH_MS * STALE_FACTOR) cache.entries.delete(other);
        cache.entries.set(key, { measuredAt, value });
        return value;
      })
      .finally(() => cache.pending.delete(key));
    cache.pending.set(key, pending);
  }
  if (entry && age <= freshMs * STALE_FACTOR) {
    pending.catch(() => undefined);
    return entry.value;
  }
  return pending;
}

/** Forgets what was measured (after Run Now, so the dashboard shows its run at once). */
export function forgetMeasured(db: pg.Pool): void {
  cacheOf(db).entries.clear();
}
