import type { CheckSummary } from '@pharos/core';
import type { TableSort } from '../../ui/table-url-state';
import { aggregateChecks, groupKeyOf, NO_GROUPING, type CheckAggregate } from './check-groups';
import { sortGroups } from './check-sort';

/** What the pivot spreads into columns (`pivotBy`); `labels` takes the label key from `pivotLabel`. */
export const PIVOT_BY_OPTIONS = [
  { value: 'namespace', label: 'Namespace' },
  { value: 'type', label: 'Type' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'labels', label: 'Label' },
] as const;

/** What each pivot cell shows (`pivotCellType`). */
export const PIVOT_CELL_TYPES = [
  { value: 'status', label: 'Health' },
  { value: 'uptime', label: 'Uptime' },
  { value: 'latency', label: 'Latency' },
  { value: 'last_transition_time', label: 'Transition' },
] as const;
export type PivotCellType = (typeof PIVOT_CELL_TYPES)[number]['value'];
export const DEFAULT_PIVOT_CELL_TYPE: PivotCellType = 'status';

export function isPivotCellType(value: string | null): value is PivotCellType {
  return PIVOT_CELL_TYPES.some((type) => type.value === value);
}

/** The column of checks without the pivoted field or label; always last. */
export const PIVOT_OTHER = 'Other';

/** The pivot column of a check, or null when it has no value there. */
export function pivotValueOf(check: CheckSummary, pivotBy: string, pivotLabel: string | null): string | null {
  switch (pivotBy) {
    case 'namespace':
      return check.namespace ?? check.canary_namespace;
    case 'type':
      return check.type;
    case 'canary_name':
      return check.canary_name;
    case 'labels':
      return pivotLabel ? (check.labels[pivotLabel] ?? null) : null;
    default:
      return null;
  }
}

export interface PivotRow {
  id: string;
  /** The group (or, without grouping, the check name) of the row. */
  key: string;
  aggregate: CheckAggregate;
  /** The checks of each column. */
  cells: ReadonlyMap<string, readonly CheckSummary[]>;
}

export interface Pivot {
  columns: string[];
  rows: PivotRow[];
}

/**
 * The checks as a matrix: a row per group (without grouping, per check name) and a column per
 * value of the pivoted field, each cell holding the checks that meet there.
 */
export function pivotChecks(
  checks: readonly CheckSummary[],
  options: { pivotBy: string; pivotLabel: string | null; groupBy: string; sort: TableSort },
): Pivot {
  const rows = new Map<string, { checks: CheckSummary[]; cells: Map<string, CheckSummary[]> }>();
  const columns = new Set<string>();
  let other = false;
  for (const check of checks) {
    const key = options.groupBy === NO_GROUPING ? check.name : groupKeyOf(check, options.groupBy);
    const value = pivotValueOf(check, options.pivotBy, options.pivotLabel);
    if (value === null) other = true;
    else columns.add(value);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { checks: [], cells: new Map() }));
    row.checks.push(check);
    const column = value ?? PIVOT_OTHER;
    const cell = row.cells.get(column);
    if (cell) cell.push(check);
    else row.cells.set(column, [check]);
  }
  const list = [...rows.entries()].map(([key, row]) => ({ id: `pivot:${key}`, key, aggregate: aggregateChecks(row.checks), cells: row.cells }));
  const sorted = [...columns].sort((a, b) => a.localeCompare(b));
  return { columns: other ? [...sorted, PIVOT_OTHER] : sorted, rows: sortGroups(list, options.sort) };
}
