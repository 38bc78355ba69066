import { LABEL_PARAM_SEPARATOR, TAG_PARAM_SEPARATOR } from '@pharos/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Skeleton } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCatalogSummary, useConfigList } from './catalog-list-api';
import { serializeKeyValueFilters, showsFlatTable, summaryRowDrillDown, withKeyValueFilter, type KeyValueFilter } from './catalog-params';
import { useHideDeleted, usePinnedTypes } from './catalog-preferences';
import { CatalogTabs } from '../catalog-tabs';
import { CatalogToolbar } from './catalog-toolbar';
import { ConfigTable } from './config-table';
import { FilterChips, keyValueChips, type FilterChip } from './filter-chips';
import { sortSummaryRows, SummaryTable } from './summary-table';
import { useCatalogParams } from './use-catalog-params';
import { parseFilterStates, serializeFilterStates, withFilterState } from '../../../ui/filter-state';

/** Rows of the flat table asked for first; scrolling to the end doubles it. */
const FIRST_ROWS = 200;

function CatalogSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading catalog" className="flex flex-col gap-2">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

function EmptyCatalog() {
  return (
    <div className="flex flex-col items-center gap-1 py-12 text-sm text-fg-muted">
      <span className="font-medium text-fg">The catalog is empty</span>
      <span>
        Add a scraper on{' '}
        <Link to="/catalog/scrapers" className="text-accent underline">
          Scrapers
        </Link>{' '}
        or apply a ScrapeConfig with <code>pharos apply -f scraper.yaml</code>.
      </span>
    </div>
  );
}

/**
 * `/catalog`: the summary of the catalog grouped by groupBy (config_class and type by default), or
 * with a configType or a search the flat table of configs; every filter lives in the URL.
 */
export function CatalogListPage() {
  useDocumentTitle('Catalog | Pharos');
  const navigate = useNavigate();
  const [params, setParams] = useCatalogParams();
  const [hideDeleted, setHideDeleted] = useHideDeleted();
  const [pinned, togglePinned] = usePinnedTypes();
  const [limit, setLimit] = useState(FIRST_ROWS);
  const flat = showsFlatTable(params);
  const summary = useCatalogSummary(params, hideDeleted, !flat);
  const configs = useConfigList(params, hideDeleted, limit, flat);

  const setKeyValue = (kind: 'tag' | 'label', key: string, value: string, state: 1 | -1 | 0) => {
    if (kind === 'label') setParams({ labels: serializeKeyValueFilters(withKeyValueFilter(params.labels, key, value, state), LABEL_PARAM_SEPARATOR) });
    else setParams({ tags: serializeKeyValueFilters(withKeyValueFilter(params.tags, key, value, state), TAG_PARAM_SEPARATOR) });
  };
  const removeState = (name: 'health' | 'status', value: string) => setParams({ [name]: serializeFilterStates(withFilterState(parseFilterStates(params[name]), value, 0)) });
  const chips: FilterChip[] = [
    ...(params.configType ? [{ id: 'type', text: `type: ${params.configType}`, exclude: false, onRemove: () => setParams({ configType: null }) }] : []),
    ...(['health', 'status'] as const).flatMap((name) =>
      Object.entries(parseFilterStates(params[name])).map(([value, state]) => ({ id: `${name}:${value}`, text: `${name}: ${value}`, exclude: state === -1, onRemove: () => removeState(name, value) })),
    ),
    ...keyValueChips('label', params.labels, (f: KeyValueFilter) => setKeyValue('label', f.key, f.value, 0)),
    ...keyValueChips('tag', params.tags, (f: KeyValueFilter) => setKeyValue('tag', f.key, f.value, 0)),
  ];

  const summaryRows = summary.data ? sortSummaryRows(summary.data, params.groupBy, params.sortBy, params.sortOrder === 'desc', pinned) : [];
  const noFilters = chips.length === 0 && params.search === '';
  let body;
  if (flat) {
    body =
      configs.isLoading && !configs.data ? (
        <CatalogSkeleton />
      ) : (
        <ConfigTable
          items={configs.data?.items ?? []}
          total={configs.data?.total}
          isLoading={configs.isLoading}
          isFetching={configs.isFetching}
          onLoadMore={setLimit}
          onOpen={(item) => void navigate(`/catalog/${item.id}`)}
          filterBy={setKeyValue}
        />
      );
  } else if (summary.isLoading && !summary.data) {
    body = <CatalogSkeleton />;
  } else if (summary.data && summary.data.length === 0 && noFilters) {
    body = <EmptyCatalog />;
  } else {
    body = (
      <SummaryTable
        rows={summaryRows}
        groups={params.groupBy}
        isLoading={summary.isLoading}
        isFetching={summary.isFetching}
        pinned={pinned}
        togglePinned={togglePinned}
        onOpen={(row) => setParams(summaryRowDrillDown(row, params))}
      />
    );
  }
  const error = flat ? configs.error : summary.error;

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <CatalogTabs configType={params.configType} />
      <CatalogToolbar params={params} setParams={setParams} hideDeleted={hideDeleted} setHideDeleted={setHideDeleted} pinned={pinned} togglePinned={togglePinned} />
      {pinned.length > 0 && (
        <nav aria-label="Pinned types" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-fg-muted">Pinned:</span>
          {pinned.map((type) => (
            <Link key={type} to={`/catalog?${new URLSearchParams({ configType: type }).toString()}`} className="rounded border border-border px-2 py-0.5 hover:bg-surface-muted">
              {type}
            </Link>
          ))}
        </nav>
      )}
      <FilterChips chips={chips} />
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      ) : (
        body
      )}
    </div>
  );
}
