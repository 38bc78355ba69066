import { HEALTH_TAB_ALL, type CheckSummary } from '@pharos/core';
import { useMemo } from 'react';
import type { TableSort } from '../../ui/table-url-state';
import { filterChecks } from './check-filter';
import { labelKeysOf } from './check-labels';
import { pivotChecks } from './check-pivot';
import { buildRows } from './check-rows';
import { checksInTab, tabsOf } from './check-tabs';
import type { HealthParams } from './health-params';

const everyGroupOpen = () => true;

/**
 * What the dashboard shows of the checks, each step memoized on what it reads, so that typing in
 * the search or opening a group does not redo the steps before it (10,000 checks stay fast).
 */
export function useHealthView(checks: readonly CheckSummary[], params: HealthParams, sort: TableSort, expanded: ReadonlySet<string>) {
  const { hidePassing, query, labels, tabBy, groupBy, layout, pivotBy, pivotLabel } = params;
  const labelKeys = useMemo(() => labelKeysOf(checks), [checks]);
  const counts = useMemo(() => {
    let passing = 0;
    let failing = 0;
    for (const check of checks) {
      if (check.status === 'healthy') passing += 1;
      else if (check.status === 'unhealthy') failing += 1;
    }
    return { passing, failing };
  }, [checks]);
  const filtered = useMemo(() => filterChecks(checks, { hidePassing, query, labels }), [checks, hidePassing, query, labels]);
  const tabs = useMemo(() => tabsOf(filtered, tabBy), [filtered, tabBy]);
  const tab = tabs.some((item) => item.value === params.tab) ? params.tab : HEALTH_TAB_ALL;
  const inTab = useMemo(() => checksInTab(filtered, tabBy, tab), [filtered, tabBy, tab]);
  const { id: sortId, desc } = sort;
  const rows = useMemo(
    () => buildRows(inTab, { groupBy, sort: { id: sortId, desc }, isExpanded: layout === 'card' ? everyGroupOpen : (key) => expanded.has(key) }),
    [inTab, groupBy, sortId, desc, layout, expanded],
  );
  const pivot = useMemo(
    () => (pivotBy !== null && layout === 'table' ? pivotChecks(inTab, { pivotBy, pivotLabel, groupBy, sort: { id: sortId, desc } }) : null),
    [inTab, pivotBy, pivotLabel, groupBy, sortId, desc, layout],
  );
  return { labelKeys, counts, filtered, tabs, tab, rows, pivot };
}
