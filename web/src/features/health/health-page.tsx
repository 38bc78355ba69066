import { TIME_RANGE_MINUTES, type CheckSummary } from '@pharos/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { linkClass } from '../../ui/link-styles';
import { Tabs } from '../../ui/tabs';
import { useTableUrlState } from '../../ui/table-url-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useRefreshRate } from '../../ui/use-refresh-rate';
import { AgentNamesProvider, useAgentNames } from './agents-api';
import { fetchChecksSummary, useChecksSummary } from './api';
import { CheckCards } from './check-cards';
import { CheckDrawer } from './check-drawer';
import { DEFAULT_SORT } from './check-sort';
import { CheckTable } from './check-table';
import { TAB_BY_AGENT } from './check-tabs';
import { startEarlySummary } from './early-summary';
import { FilterPanel } from './filter-panel';
import { HEALTH_REFRESH_KEY, HealthHeader } from './health-header';
import { HEALTH_TABLE_PARAMS, TAB_PARAM, useHealthParams } from './health-params';
import { HealthSkeleton } from './health-skeleton';
import { summaryStart } from './health-time-range';
import { HealthToolbar } from './health-toolbar';
import { useHealthView } from './use-health-view';

const NO_CHECKS: readonly CheckSummary[] = [];

// Once, as this code arrives: the summary is on its way while React reveals the page.
startEarlySummary(window.location, (start) => fetchChecksSummary(start));

function NoChecks() {
  return (
    <span className="flex flex-col items-center gap-1">
      <span className="font-medium text-fg">No checks</span>
      <span>
        Add a canary on{' '}
        <Link to="/settings/canaries" className={linkClass}>
          Settings › Health Checks
        </Link>{' '}
        or apply one with <code>pharos apply -f canary.yaml</code>.
      </span>
    </span>
  );
}

/** '/' moves to the search box, as in most consoles, unless one is typing somewhere. */
function useSearchShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const box = document.querySelector<HTMLInputElement>('input[aria-label="Search checks"]');
      if (!box) return;
      event.preventDefault();
      box.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * `/health`: pass and fail counts, the left filter panel, search, Group By, Tab By, the table
 * (or pivot) or cards of the checks, and the drawer of the check `checkId` names; all in the URL.
 */
export function HealthPage() {
  useDocumentTitle('Health | Pharos');
  useSearchShortcut();
  const [params, setParams] = useHealthParams();
  const { ms } = useRefreshRate(HEALTH_REFRESH_KEY, TIME_RANGE_MINUTES[params.timeRange]);
  const summary = useChecksSummary(summaryStart(params.timeRange), ms);
  const { sort } = useTableUrlState({ params: HEALTH_TABLE_PARAMS, defaultSort: DEFAULT_SORT });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const checks = summary.data ?? NO_CHECKS;
  const view = useHealthView(checks, params, sort ?? DEFAULT_SORT, expanded);
  const agentIds = useMemo(() => [...new Set(checks.map((check) => check.agent_id).filter((id): id is string => Boolean(id)))], [checks]);
  const agentNames = useAgentNames(agentIds, true);
  const selected = params.checkId ? checks.find((check) => check.id === params.checkId) : undefined;

  const toggleGroup = useCallback(
    (key: string) =>
      setExpanded((previous) => {
        const next = new Set(previous);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const open = useCallback((check: CheckSummary) => setParams({ checkId: check.id }), [setParams]);

  const emptyMessage =
    checks.length === 0 ? <NoChecks /> : params.hidePassing && view.filtered.length === 0 && view.counts.passing > 0 && !params.query && !params.labels ? 'Every check is passing.' : 'No check matches.';

  return (
    <AgentNamesProvider value={agentNames}>
      <div className="flex min-h-0 flex-col gap-4">
        <HealthHeader
          passing={view.counts.passing}
          failing={view.counts.failing}
          timeRange={params.timeRange}
          onTimeRangeChange={(timeRange) => setParams({ timeRange })}
        />
        {summary.isPending ? (
          <HealthSkeleton />
        ) : (
          <div className="flex min-h-0 flex-col gap-6 lg:flex-row">
            <FilterPanel
              hidePassing={params.hidePassing}
              onHidePassingChange={(hide) => setParams({ hidePassing: String(hide) })}
              labelKeys={view.labelKeys}
              labels={params.labels}
              onLabelsChange={(labels) => setParams({ labels: labels || null })}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <HealthToolbar params={params} labelKeys={view.labelKeys} onChange={setParams} />
              <Tabs
                label={`Tab By ${params.tabBy}`}
                urlParam={TAB_PARAM}
                resetParams={['pageIndex']}
                items={view.tabs.map((tab) => ({ value: tab.value, label: `${params.tabBy === TAB_BY_AGENT ? (agentNames.get(tab.value) ?? tab.value) : tab.value} (${tab.count})` }))}
              />
              {summary.error ? (
                <p role="alert" className="text-sm text-danger">
                  {summary.error.message}
                </p>
              ) : params.layout === 'card' ? (
                view.rows.length === 0 ? (
                  <p className="rounded-lg border border-border bg-surface px-3 py-8 text-center text-sm text-fg-muted">{emptyMessage}</p>
                ) : (
                  <CheckCards rows={view.rows} onOpen={open} />
                )
              ) : (
                <CheckTable
                  rows={view.rows}
                  pivot={view.pivot}
                  pivotCellType={params.pivotCellType}
                  isFetching={summary.isFetching}
                  emptyMessage={emptyMessage}
                  onOpen={open}
                  onToggleGroup={toggleGroup}
                />
              )}
            </div>
          </div>
        )}
        <CheckDrawer check={selected} missingId={params.checkId && summary.data && !selected ? params.checkId : null} onClose={() => setParams({ checkId: null })} />
      </div>
    </AgentNamesProvider>
  );
}
