import type pg from 'pg';
import type { BuiltSummary } from './summary-builder.js';

/**
 * An answer is sent as it is for this long after it was built (the dashboard refreshes every 15 s at
 * the fastest, and every minute for ranges of an hour or more)…
 */
export const FRESH_MS = 10_000;
/** …and, while a newer one is built, until it is this old; an older one waits for the newer. */
export const STALE_MS = 30_000;

/** A summary answer: the JSON and, made once for every caller, its gzip encoding. */
export interface SummaryAnswer extends BuiltSummary {
  builtAt: number;
  /** The checks' version it was built from (checksChanged). */
  version: number;
}

/** Bumped whenever this process adds, changes or removes checks: an answer of an older version is not sent again. */
let checksVersion = 0;

/** Checks were added, changed or removed here (a canary applied or deleted, a Run Now): the next summary shows them. */
export function checksChanged(): void {
  checksVersion += 1;
}

interface Answers {
  byRange: Map<number, SummaryAnswer>;
  /** The build under way per range, of the checks' version it started at. */
  building: Map<number, { version: number; answer: Promise<SummaryAnswer> }>;
}

const answersByPool = new WeakMap<pg.Pool, Answers>();

function answersOf(pool: pg.Pool): Answers {
  let found = answersByPool.get(pool);
  if (!found) answersByPool.set(pool, (found = { byRange: new Map(), building: new Map() }));
  return found;
}

/**
 * The answer for a range (`rangeKey`), shared: people opening the dashboard at once share one build,
 * an answer under FRESH_MS old is sent again, and one under STALE_MS old is sent while the next is
 * built, unless checks changed since. Ten thousand checks are megabytes of JSON: building it on
 * every auto-refresh of every open dashboard would take the server's time for what changed in none of them.
 */
export function sharedAnswer(pool: pg.Pool, rangeKey: number, build: () => Promise<BuiltSummary>, now = Date.now()): Promise<SummaryAnswer> {
  const { byRange, building } = answersOf(pool);
  const found = byRange.get(rangeKey);
  const last = found?.version === checksVersion ? found : undefined;
  const age = last ? now - last.builtAt : Number.POSITIVE_INFINITY;
  if (last && age <= FRESH_MS) return Promise.resolve(last);
  const under = building.get(rangeKey);
  let next = under?.version === checksVersion ? under.answer : undefined;
  if (!next) {
    const builtAt = now;
    const version = checksVersion;
    const done = (): void => {
      if (building.get(rangeKey)?.answer === answer) building.delete(rangeKey);
    };
    const answer: Promise<SummaryAnswer> = build().then(
      (built) => {
        done();
        const made: SummaryAnswer = { builtAt, version, ...built };
        for (const [key, { builtAt: at }] of byRange) if (builtAt - at > STALE_MS) byRange.delete(key);
        // A build that started before checks changed, or before a later one, does not replace a newer answer.
        const current = byRange.get(rangeKey);
        if (!current || (current.version <= version && current.builtAt <= builtAt)) byRange.set(rangeKey, made);
        return made;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    // Callers sent the stale answer do not wait for this one: its failure is theirs to ignore.
    answer.catch(() => undefined);
    building.set(rangeKey, { version, answer });
    next = answer;
  }
  if (last && age <= STALE_MS) return Promise.resolve(last);
  return next;
}

