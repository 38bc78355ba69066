import type { AggregateCheckStatus, CheckSummary } from '@pharos/core';
import type { TableSort } from '../../ui/table-url-state';
import { uptimePercent } from './check-filter';
import type { CheckAggregate, CheckGroup } from './check-groups';

/** The sortable columns (`sortBy`): name, status, uptime, latency, last_transition_time. */
export const SORT_COLUMNS = ['name', 'status', 'uptime', 'latency', 'last_transition_time'] as const;

/** The default order: failing first. */
export const DEFAULT_SORT: TableSort = { id: 'status', desc: false };

/** Failing, then mixed, then not run yet, then passing. */
const STATUS_ORDER: Readonly<Record<AggregateCheckStatus | 'none', number>> = { unhealthy: 0, mixed: 1, none: 2, healthy: 3 };

type Key = string | number;

function aggregateKey(sortId: string, name: string, aggregate: CheckAggregate): Key {
  switch (sortId) {
    case 'status':
      return STATUS_ORDER[aggregate.status ?? 'none'];
    case 'uptime':
      return uptimePercent(aggregate) ?? -1;
    case 'latency':
      return aggregate.latency ?? -1;
    case 'last_transition_time':
      return aggregate.last_transition_time ? Date.parse(aggregate.last_transition_time) : 0;
    default:
      return name.toLowerCase();
  }
}

function checkKey(sortId: string, check: CheckSummary): Key {
  return aggregateKey(sortId, check.name, {
    status: check.status,
    uptime: check.uptime,
    latency: check.latency.p95,
    last_transition_time: check.last_transition_time,
  });
}

// One collator for every comparison: much cheaper than localeCompare on 10,000 names.
const byText = new Intl.Collator().compare;

function compare(left: Key, right: Key): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Sorts a list by a precomputed key (each key computed once), ties by name. */
function sortBy<T>(items: readonly T[], key: (item: T) => Key, name: (item: T) => string, desc: boolean): T[] {
  const direction = desc ? -1 : 1;
  return items
    .map((item) => ({ item, key: key(item), name: name(item) }))
    .sort((a, b) => compare(a.key, b.key) * direction || byText(a.name, b.name))
    .map((entry) => entry.item);
}

export function sortChecks(checks: readonly CheckSummary[], sort: TableSort): CheckSummary[] {
  return sortBy(checks, (check) => checkKey(sort.id, check), (check) => check.name, sort.desc);
}

/** Groups by their aggregate (a group with a failing check sorts with the failing ones). */
export function sortGroups<T extends Pick<CheckGroup, 'key' | 'aggregate'>>(groups: readonly T[], sort: TableSort): T[] {
  return sortBy(groups, (group) => aggregateKey(sort.id, group.key, group.aggregate), (group) => group.key, sort.desc);
}
