import { HEALTH_DASHBOARD_DEFAULTS, HEALTH_LAYOUTS, HEALTH_TAB_ALL, type HealthLayout, type TimeRange } from '@pharos/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { TableUrlParams } from '../../ui/table-url-state';
import { DEFAULT_PIVOT_CELL_TYPE, isPivotCellType, type PivotCellType } from './check-pivot';
import { readTimeRangeKey } from './health-time-range';

/** Paging and sorting of the dashboard: pageIndex, pageSize, sortBy and sortDesc (true/false). */
export const HEALTH_TABLE_PARAMS: Partial<TableUrlParams> = { sortBy: 'sortBy', sortOrder: 'sortDesc', sortOrderValues: { asc: 'false', desc: 'true' } };

/** The selected tab of Tab By ('All' while absent). */
export const TAB_PARAM = 'tab';

/** Everything the dashboard shows, as the query string names it (spec 1 section 2). */
export interface HealthParams {
  timeRange: TimeRange;
  labels: string;
  query: string;
  checkId: string | null;
  hidePassing: boolean;
  tabBy: string;
  tab: string;
  groupBy: string;
  layout: HealthLayout;
  /** Null: no pivot. */
  pivotBy: string | null;
  pivotLabel: string | null;
  pivotCellType: PivotCellType;
}

export function readHealthParams(search: URLSearchParams): HealthParams {
  const layout = search.get('layout');
  const pivotCellType = search.get('pivotCellType');
  return {
    timeRange: readTimeRangeKey(search.get('timeRange')),
    labels: search.get('labels') ?? '',
    query: search.get('query') ?? '',
    checkId: search.get('checkId'),
    hidePassing: search.get('hidePassing') !== null ? search.get('hidePassing') !== 'false' : HEALTH_DASHBOARD_DEFAULTS.hidePassing,
    tabBy: search.get('tabBy') || HEALTH_DASHBOARD_DEFAULTS.tabBy,
    tab: search.get(TAB_PARAM) || HEALTH_TAB_ALL,
    groupBy: search.get('groupBy') || HEALTH_DASHBOARD_DEFAULTS.groupBy,
    layout: HEALTH_LAYOUTS.find((value) => value === layout) ?? HEALTH_DASHBOARD_DEFAULTS.layout,
    pivotBy: search.get('pivotBy') || null,
    pivotLabel: search.get('pivotLabel') || null,
    pivotCellType: isPivotCellType(pivotCellType) ? pivotCellType : DEFAULT_PIVOT_CELL_TYPE,
  };
}

/** Parameters whose change shows other rows, so the table returns to its first page. */
const RESHAPING = new Set(['timeRange', 'labels', 'query', 'hidePassing', 'tabBy', TAB_PARAM, 'groupBy', 'layout', 'pivotBy', 'pivotLabel']);

export type HealthParamChanges = Readonly<Record<string, string | null>>;

/** The dashboard's parameters and a setter of several at once (null removes one). */
export function useHealthParams(): [HealthParams, (changes: HealthParamChanges) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (changes: HealthParamChanges) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
          if (RESHAPING.has(name)) next.delete('pageIndex');
        }
        return next;
      }),
    [setSearch],
  );
  return [readHealthParams(search), update];
}
