import type { TopologyComponent, TopologyResponse } from '@pharos/core';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useAllowed } from '../../app/access/guard';
import { ErrorPanel } from '../../ui/error-panel';
import { linkClass } from '../../ui/link-styles';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useRefreshRate } from '../../ui/use-refresh-rate';
import { ComponentPanel } from './component-panel';
import { TOPOLOGY_MESSAGES } from './messages';
import { TopologyCard } from './topology-card';
import { useTopology } from './topology-api';
import { componentPath, readTopologyFilters, resolveSort, topologyQueryOf, useTopologyParams, type SortOrder } from './topology-params';
import { isDefaultSort, TOPOLOGY_STORAGE_KEYS, useCardWidth, useStoredSort } from './topology-preferences';
import { sortComponents, sortOptionsOf } from './topology-sort';
import { TopologyToolbar } from './topology-toolbar';
import { useTopologyBreadcrumb } from './use-topology-breadcrumb';

const NO_COMPONENTS: readonly TopologyComponent[] = [];

/**
 * The selected component of /topology/{id} and the cards: its children (the answer's `[component]`
 * holds them), or itself when it has none and no filter is set; without id the answer's cards.
 */
function cardsOf(response: TopologyResponse | undefined, id: string | undefined, filtered: boolean): { selected: TopologyComponent | undefined; cards: readonly TopologyComponent[] } {
  const components = response?.components ?? NO_COMPONENTS;
  if (!id) return { selected: undefined, cards: components };
  const selected = components.find((component) => component.id === id);
  if (!selected) return { selected: undefined, cards: components };
  const children = selected.components ?? [];
  return { selected, cards: children.length > 0 || filtered ? children : [selected] };
}

function CardsSkeleton({ width }: { width: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading components" className="flex flex-wrap gap-4">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} style={{ width }} className="flex max-w-full flex-col gap-3 rounded-lg border-2 border-border bg-surface p-3">
          <div className="flex items-center gap-2">
            <Skeleton className="size-6 rounded-full" />
            <Skeleton className="h-4 flex-1" />
          </div>
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * `/topology` and `/topology/{id}`: the card dashboard. Filters and sort live in the query string
 * (spec 2 §2); sort and card width are remembered locally; the selected component has a sidebar.
 */
export function TopologyPage() {
  const id = useParams()['id'];
  const [search, setParams] = useTopologyParams();
  const stored = useStoredSort();
  const sort = resolveSort(search, stored);
  const filters = readTopologyFilters(search);
  const [cardWidth, setCardWidth] = useCardWidth();
  const { ms } = useRefreshRate(TOPOLOGY_STORAGE_KEYS.refreshRate);
  const topology = useTopology(topologyQueryOf(id, filters, sort), ms);
  const showIncidents = useAllowed('incident', 'read', ['incidents']);

  const response = topology.data;
  const filtered = Boolean(filters.type || filters.status || filters.team || filters.labels || filters.agentId);
  const { selected, cards } = useMemo(() => cardsOf(response, id, filtered), [response, id, filtered]);
  const visible = useMemo(
    () => sortComponents(filters.showHidden ? cards : cards.filter((component) => !component.hidden), sort.sortBy, sort.sortOrder),
    [cards, filters.showHidden, sort.sortBy, sort.sortOrder],
  );
  const sortOptions = useMemo(() => sortOptionsOf(response?.components ?? NO_COMPONENTS), [response]);

  const multiple = Boolean(id && response && response.components.length > 1);
  useEffect(() => {
    if (multiple) toast.error(TOPOLOGY_MESSAGES.multiple);
  }, [multiple, id]);

  useDocumentTitle(selected ? `${selected.name} | Dashboard | Pharos` : 'Dashboard | Pharos');
  useTopologyBreadcrumb(selected, filters.refererId, search);

  const changeSort = (sortBy: string, sortOrder: SortOrder) => {
    stored.setSortBy(sortBy);
    stored.setSortOrder(sortOrder);
    // Spec 2 §4: choosing status with desc (the default) clears the sort parameters.
    setParams(isDefaultSort(sortBy, sortOrder) ? { sortBy: null, sortOrder: null } : { sortBy, sortOrder });
  };

  /** A card's link keeps the other parameters; from a component's page it names that page as referer. */
  const linkTo = (target: string) => {
    const next = new URLSearchParams(search);
    if (id && target !== id) next.set('refererId', id);
    else next.delete('refererId');
    return componentPath(target, next);
  };

  return (
    <div className="flex min-h-0 flex-col gap-4 lg:flex-row">
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <h1 className="sr-only">Dashboard</h1>
        <TopologyToolbar
          filters={filters}
          response={response}
          sortBy={sort.sortBy}
          sortOrder={sort.sortOrder}
          sortOptions={sortOptions}
          onSortChange={changeSort}
          cardWidth={cardWidth}
          onCardWidthChange={setCardWidth}
          onChange={setParams}
        />
        {topology.isPending ? (
          <CardsSkeleton width={cardWidth} />
        ) : topology.isError ? (
          <ErrorPanel error={topology.error} title={TOPOLOGY_MESSAGES.loadFailed} hideDetails />
        ) : visible.length === 0 ? (
          <div className="flex flex-col items-center gap-1 rounded-lg border border-border bg-surface px-3 py-8 text-center text-sm text-fg-muted">
            <p>{TOPOLOGY_MESSAGES.empty}</p>
            {!id && !filtered && (
              <p>
                Add a topology on{' '}
                <Link to="/settings/topologies" className={linkClass}>
                  Settings › Topologies
                </Link>{' '}
                or apply one with <code>pharos apply -f topology.yaml</code>.
              </p>
            )}
          </div>
        ) : (
          <ul aria-label="Components" aria-busy={topology.isFetching} className="flex flex-wrap items-start gap-4">
            {visible.map((component) => (
              <li key={component.id} className="max-w-full">
                <TopologyCard component={component} width={cardWidth} linkTo={linkTo} selected={component.id === id} showIncidents={showIncidents} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {selected && <ComponentPanel key={selected.id} component={selected} />}
    </div>
  );
}
