import { aggregateCheckStatus, type AggregateCheckStatus, type CheckStatus, type CheckSummary } from '@pharos/core';

/** Group By values besides the label keys (spec 1 section 2). */
export const NO_GROUPING = 'no-group';
export const GROUP_BY_FIELDS = [
  { value: NO_GROUPING, label: 'No Grouping' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
] as const;

/** Where checks without the grouped field or label go. */
export const OTHER_GROUP = 'Others';

/** The group of a check: its canary, its name before the first slash, description, type or label value. */
export function groupKeyOf(check: CheckSummary, groupBy: string): string {
  switch (groupBy) {
    case 'canary_name':
      return check.canary_name;
    case 'name': {
      const slash = check.name.indexOf('/');
      return slash > 0 ? check.name.slice(0, slash) : check.name;
    }
    case 'description':
      return check.description || OTHER_GROUP;
    case 'type':
      return check.type;
    default:
      return check.labels[groupBy] ?? OTHER_GROUP;
  }
}

/** How a check is named inside its group: grouped by name, the part after the first slash. */
export function nameInGroup(check: CheckSummary, groupBy: string): string {
  if (groupBy !== 'name') return check.name;
  const slash = check.name.indexOf('/');
  return slash > 0 ? check.name.slice(slash + 1) : check.name;
}

/** What a set of checks amounts to: a status (mixed when they differ), summed uptime, worst latency, latest transition. */
export interface CheckAggregate {
  status: AggregateCheckStatus | null;
  uptime: { passed: number; failed: number };
  /** The highest p95 of the checks, in ms. */
  latency: number | null;
  last_transition_time: string | null;
}

export function aggregateChecks(checks: readonly CheckSummary[]): CheckAggregate {
  const statuses: CheckStatus[] = [];
  const uptime = { passed: 0, failed: 0 };
  let latency: number | null = null;
  let transition: string | null = null;
  for (const check of checks) {
    if (check.status !== null) statuses.push(check.status);
    uptime.passed += check.uptime.passed;
    uptime.failed += check.uptime.failed;
    const p95 = check.latency.p95;
    if (p95 !== null && (latency === null || p95 > latency)) latency = p95;
    const time = check.last_transition_time;
    if (time !== null && (transition === null || Date.parse(time) > Date.parse(transition))) transition = time;
  }
  return { status: aggregateCheckStatus(statuses) ?? null, uptime, latency, last_transition_time: transition };
}

export interface CheckGroup {
  key: string;
  checks: CheckSummary[];
  aggregate: CheckAggregate;
}

/** The checks by group, in the order their groups first appear. */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckGroup[] {
  const groups = new Map<string, CheckSummary[]>();
  for (const check of checks) {
    const key = groupKeyOf(check, groupBy);
    const list = groups.get(key);
    if (list) list.push(check);
    else groups.set(key, [check]);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, checks: list, aggregate: aggregateChecks(list) }));
}
