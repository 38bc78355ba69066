import type { CheckSummary } from '@pharos/core';
import type { TableSort } from '../../ui/table-url-state';
import { groupChecks, nameInGroup, NO_GROUPING, type CheckGroup } from './check-groups';
import { sortChecks, sortGroups } from './check-sort';

/** A row of the dashboard: a group with its aggregate health, or a check (inside an open group: depth 1). */
export type HealthRow =
  | { kind: 'group'; id: string; group: CheckGroup; expanded: boolean }
  | { kind: 'check'; id: string; check: CheckSummary; title: string; depth: 0 | 1 };

export interface RowOptions {
  groupBy: string;
  sort: TableSort;
  /** Whether the group of this key is open. */
  isExpanded: (key: string) => boolean;
}

const checkRow = (check: CheckSummary, title: string, depth: 0 | 1): HealthRow => ({ kind: 'check', id: check.id, check, title, depth });

/**
 * The rows shown, sorted: without grouping every check; grouped, a row per group (a group of one
 * check is that check) followed by its checks while it is open.
 */
export function buildRows(checks: readonly CheckSummary[], { groupBy, sort, isExpanded }: RowOptions): HealthRow[] {
  if (groupBy === NO_GROUPING) return sortChecks(checks, sort).map((check) => checkRow(check, check.name, 0));
  const rows: HealthRow[] = [];
  for (const group of sortGroups(groupChecks(checks, groupBy), sort)) {
    const [only] = group.checks;
    if (group.checks.length === 1 && only) {
      rows.push(checkRow(only, only.name, 0));
      continue;
    }
    const open = isExpanded(group.key);
    rows.push({ kind: 'group', id: `group:${group.key}`, group, expanded: open });
    if (open) for (const check of sortChecks(group.checks, sort)) rows.push(checkRow(check, nameInGroup(check, groupBy), 1));
  }
  return rows;
}
