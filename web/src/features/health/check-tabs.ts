import { HEALTH_TAB_ALL, type CheckSummary } from '@pharos/core';

/** Tab By values besides the label keys. */
export const TAB_BY_NAMESPACE = 'namespace';
export const TAB_BY_AGENT = 'agent';

export interface CheckTab {
  value: string;
  count: number;
}

/** The tab a check falls in: its namespace, its agent, or its value of the label key; null for none. */
export function tabValueOf(check: CheckSummary, tabBy: string): string | null {
  if (tabBy === TAB_BY_NAMESPACE) return check.namespace ?? check.canary_namespace;
  if (tabBy === TAB_BY_AGENT) return check.agent_id;
  return check.labels[tabBy] ?? null;
}

/** The tabs of the checks: 'All' first, then every value with its count, sorted. */
export function tabsOf(checks: readonly CheckSummary[], tabBy: string): CheckTab[] {
  const counts = new Map<string, number>();
  for (const check of checks) {
    const value = tabValueOf(check, tabBy);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const tabs = [...counts.entries()].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value));
  return [{ value: HEALTH_TAB_ALL, count: checks.length }, ...tabs];
}

/** The checks of one tab; 'All' keeps every one. */
export function checksInTab(checks: readonly CheckSummary[], tabBy: string, tab: string): readonly CheckSummary[] {
  if (tab === HEALTH_TAB_ALL) return checks;
  return checks.filter((check) => tabValueOf(check, tabBy) === tab);
}
