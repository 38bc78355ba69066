import type { CheckSummary } from '@pharos/core';
import { readTimeRangeKey, summaryStart } from './health-time-range';

/** How long a request started early may wait to be taken; later the page asks afresh. */
const EARLY_FOR_MS = 10_000;

let early: { start: string; at: number; summary: Promise<CheckSummary[]> } | null = null;

/**
 * Starts the summary request of the dashboard at `location` as soon as the dashboard's code has
 * loaded: React reveals a lazily loaded page some hundred milliseconds after its code arrives, and
 * ten thousand checks are some megabytes, so the two overlap instead of following each other.
 */
export function startEarlySummary(location: Pick<Location, 'pathname' | 'search'>, fetchSummary: (start: string) => Promise<CheckSummary[]>, now = Date.now()): void {
  if (location.pathname !== '/health') return;
  const start = summaryStart(readTimeRangeKey(new URLSearchParams(location.search).get('timeRange')));
  const summary = fetchSummary(start);
  // Not taken (the page was left at once): its failure is nobody's to report.
  summary.catch(() => undefined);
  early = { start, at: now, summary };
}

/** The request started early for `start`, once, while fresh; null otherwise. */
export function takeEarlySummary(start: string, now = Date.now()): Promise<CheckSummary[]> | null {
  const taken = early;
  early = null;
  return taken && taken.start === start && now - taken.at < EARLY_FOR_MS ? taken.summary : null;
}
