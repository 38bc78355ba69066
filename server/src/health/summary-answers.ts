import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type pg from 'pg';

const gzipAsync = promisify(gzip);

/** An answer is sent as it is for this long after it was built… */
const FRESH_MS = 2_000;
/** …and, while a newer one is built, until it is this old; an older one waits for the newer. */
const STALE_MS = 10_000;

/** A summary answer: the JSON and, made once for every caller, its gzip encoding. */
export interface SummaryAnswer {
  builtAt: number;
  json: Buffer;
  gzipped: Promise<Buffer>;
}

interface Answers {
  byRange: Map<number, SummaryAnswer>;
  building: Map<number, Promise<SummaryAnswer>>;
}

const answersByPool = new WeakMap<pg.Pool, Answers>();

function answersOf(pool: pg.Pool): Answers {
  let found = answersByPool.get(pool);
  if (!found) answersByPool.set(pool, (found = { byRange: new Map(), building: new Map() }));
  return found;
}

/**
 * The answer for a range (`rangeKey`), shared: people opening the dashboard at once share one build,
 * an answer under two seconds old is sent again, and one under ten seconds old is sent while the next
 * is built. Ten thousand checks are megabytes of JSON: building it on every auto-refresh of every
 * open dashboard would take the server's time for what changed in none of them.
 */
export function sharedAnswer(pool: pg.Pool, rangeKey: number, build: () => Promise<string>, now = Date.now()): Promise<SummaryAnswer> {
  const { byRange, building } = answersOf(pool);
  const last = byRange.get(rangeKey);
  const age = last ? now - last.builtAt : Number.POSITIVE_INFINITY;
  if (last && age <= FRESH_MS) return Promise.resolve(last);
  let next = building.get(rangeKey);
  if (!next) {
    const builtAt = now;
    next = build()
      .then((text) => {
        const json = Buffer.from(text);
        const answer: SummaryAnswer = { builtAt, json, gzipped: gzipAsync(json) };
        answer.gzipped.catch(() => undefined);
        for (const [key, { builtAt: at }] of byRange) if (builtAt - at > STALE_MS) byRange.delete(key);
        byRange.set(rangeKey, answer);
        return answer;
      })
      .finally(() => building.delete(rangeKey));
    building.set(rangeKey, next);
  }
  if (last && age <= STALE_MS) {
    next.catch(() => undefined);
    return Promise.resolve(last);
  }
  return next;
}

/** Forgets the answers (after Run Now, so the dashboard shows its run at once). */
export function forgetAnswers(pool: pg.Pool): void {
  answersOf(pool).byRange.clear();
}
