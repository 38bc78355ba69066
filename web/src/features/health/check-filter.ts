import type { TableSort } from '../../ui/table-url-state';
import type { CheckSummary } from '@pharos/core';

/** Percent of runs that passed, or null before any run. */
export function uptimePercent(check: CheckSummary): number | null {
  const total = check.uptime.passed + check.uptime.failed;
  return total === 0 ? null : (check.uptime.passed / total) * 100;
}

/** Text search over name, description, canary name and endpoint (spec 1 section 2). */
export function matchesSearch(check: CheckSummary, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return [check.name, check.description, check.canary_name, check.endpoint].some((text) => (text ?? '').toLowerCase().includes(wanted));
}

const SORT_KEYS: Readonly<Record<string, (check: CheckSummary) => string | number>> = {
  name: (check) => check.name.toLowerCase(),
  status: (check) => (check.status === 'unhealthy' ? 0 : check.status === 'healthy' ? 2 : 1),
  uptime: (check) => uptimePercent(check) ?? -1,
  latency: (check) => check.latency.p95 ?? -1,
  last_transition_time: (check) => (check.last_transition_time ? Date.parse(check.last_transition_time) : 0),
};

/** The checks shown: passing ones hidden when asked, the search applied, then sorted. */
export function visibleChecks(checks: readonly CheckSummary[], options: { hidePassing: boolean; query: string; sort: TableSort }): CheckSummary[] {
  const key = SORT_KEYS[options.sort.id] ?? SORT_KEYS['name']!;
  const direction = options.sort.desc ? -1 : 1;
  return checks
    .filter((check) => !(options.hidePassing && check.status === 'healthy') && matchesSearch(check, options.query))
    .sort((a, b) => {
      const left = key(a);
      const right = key(b);
      return (left < right ? -1 : left > right ? 1 : 0) * direction || a.name.localeCompare(b.name);
    });
}
