import type pg from 'pg';
import type { BuiltSummary } from './summary-builder.js';

/** An answer is sent as it is for this long after it was built… */
const FRESH_MS = 2_000;
/** …and, while a newer one is built, until it is this old; an older one waits for the newer. */
const STALE_MS = 10_000;

/** A summary answer: the JSON and, made once for every caller, its gzip encoding. */
export interface SummaryAnswer extends BuiltSummary {
  builtAt: number;
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
export function sharedAnswer(pool: pg.Pool, rangeKey: number, build: () => Promise<BuiltSummary>, now = Date.now()): Promise<SummaryAnswer> {
  const { byRange, building } = answersOf(pool);
  const last = byRange.get(rangeKey);
  const age = last ? now - last.builtAt : Number.POSITIVE_INFINITY;
  if (last && age <= FRESH_MS) return Promise.resolve(last);
  let next = building.get(rangeKey);
  if (!next) {
    const builtAt = now;
    next = build()
      .then((built) => {
        const answer: SummaryAnswer = { builtAt, ...built };
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
