import { parseGoDuration } from '@pharos/core';
import type pg from 'pg';
import { checksChanged, sharedAnswer, type SummaryAnswer } from './summary-answers.js';
import { forgetMeasured, measuredSince } from './summary-cache.js';
import { buildSummary } from './summary-builder.js';

/** `1h`, `30d`, `now-7d` or a time: when the range starts. */
export function rangeStart(start: string | undefined, now = Date.now()): Date {
  const text = (start ?? '1h').trim().replace(/^now-/, '');
  if (/^\d+(\.\d+)?[a-zµ]+/i.test(text)) return new Date(now - parseGoDuration(text));
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new Error(`start must be a duration such as 1h or 30d, or a time, not '${start ?? ''}'`);
  return new Date(time);
}

/**
 * `{"checks_summary": [...]}` (spec 1 section 7), as JSON text written from the columns' texts: every live check
 * with its state and its uptime and latency over the range, measured from the roll-ups
 * (uptime-latency.ts) and reused for a while (summary-cache.ts). Ten thousand checks are some
 * megabytes of JSON, written and gzipped on a thread of their own (summary-builder.ts) and passed on
 * without parsing or serialising them, shared by the callers of a few seconds (summary-answers.ts).
 */
export function checksSummary(pool: pg.Pool, start: Date, now = new Date()): Promise<SummaryAnswer> {
  return sharedAnswer(pool, Math.round((now.getTime() - start.getTime()) / 1000), async () => buildSummary(pool, await measuredSince(pool, start, now)), now.getTime());
}

/** Forgets what was measured and answered (after Run Now, so the dashboard shows its run at once). */
export function forgetSummaries(pool: pg.Pool): void {
  forgetMeasured(pool);
  checksChanged();
}
