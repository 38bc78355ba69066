import type { CheckSummary } from '@pharos/core';
import { labelFilter } from './check-labels';

/** Percent of runs that passed, or null before any run. */
export function uptimePercent(check: Pick<CheckSummary, 'uptime'>): number | null {
  const total = check.uptime.passed + check.uptime.failed;
  return total === 0 ? null : (check.uptime.passed / total) * 100;
}

// The searched text of each check, lower-cased once per summary rather than once per keystroke.
const searchTexts = new WeakMap<CheckSummary, string>();

function searchTextOf(check: CheckSummary): string {
  let text = searchTexts.get(check);
  if (text === undefined) {
    // A line break cannot be typed in the search, so no match spans two fields.
    text = [check.description, check.canary_name, check.endpoint, check.name].map((field) => (field ?? '').toLowerCase()).join('\n');
    searchTexts.set(check, text);
  }
  return text;
}

/** Text search over description, canary name, endpoint and name (spec 1 section 2). */
export function matchesSearch(check: CheckSummary, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return searchTextOf(check).includes(wanted);
}

export interface CheckFilters {
  hidePassing: boolean;
  /** The `query` parameter. */
  query: string;
  /** The `labels` parameter: `key=value:1,key=value:-1`. */
  labels: string;
}

/** The checks the left panel and the search leave: passing ones hidden when asked, labels and text applied. */
export function filterChecks(checks: readonly CheckSummary[], filters: CheckFilters): CheckSummary[] {
  const byLabels = labelFilter(filters.labels);
  const wanted = filters.query.trim();
  return checks.filter((check) => !(filters.hidePassing && check.status === 'healthy') && byLabels(check) && matchesSearch(check, wanted));
}
