import { useMemo, type ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Guard } from '../../../app/access/guard';
import { useBreadcrumb } from '../../../app/breadcrumb';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import { ConfigChangesTab } from '../changes/config-changes-tab';
import { ConfigInsightsTab } from '../insights/config-insights-tab';
import { useHideDeleted } from '../list/catalog-preferences';
import { ConfigRelationshipsTab } from '../relationships/config-relationships-tab';
import { ChecksTab } from './checks-tab';
import { ConfigSidebar } from './config-sidebar';
import { ConfigTab } from './config-tab';
import { useConfigDetail, useLastScraped, type ConfigDetail } from './detail-api';
import { DetailTabLinks } from './detail-tab-links';
import { DETAIL_TAB_LABELS, tabOfPath, tabPath, type DetailTab } from './detail-tabs';
import { PlaybooksTab } from './playbooks-tab';
import { parseSelected, SELECTED_PARAM } from './selected-lines';

/** Related configs follow the catalog's 'Hide Deleted Catalog' preference. */
function RelationshipsTab({ configId }: { configId: string }) {
  const [hideDeleted] = useHideDeleted();
  return <ConfigRelationshipsTab configId={configId} includeDeleted={!hideDeleted} />;
}

function TabBody({ tab, config }: { tab: DetailTab; config: ConfigDetail }): ReactNode {
  switch (tab) {
    case 'config':
      return <ConfigTab config={config.config} />;
    case 'changes':
      return <ConfigChangesTab configId={config.id} />;
    case 'insights':
      return <ConfigInsightsTab configId={config.id} />;
    case 'relationships':
      return <RelationshipsTab configId={config.id} />;
    case 'playbooks':
      return <PlaybooksTab config={config} />;
    case 'checks':
      return <ChecksTab configId={config.id} />;
  }
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading config" className="space-y-3">
      <Skeleton className="h-7 w-64" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/**
 * /catalog/{id} and its tabs: the config's name and actions, the tabs with their counts, the
 * tab's body and the details sidebar; 'Details not found' for an id with no config.
 */
export function ConfigDetailPage() {
  const id = useParams()['id'] ?? '';
  const tab = tabOfPath(useLocation().pathname);
  const detail = useConfigDetail(id);
  const config = detail.data ?? null;
  const lastScraped = useLastScraped(id, config !== null);
  const { LinkToIncident } = useResourceExtensions();
  const [search] = useSearchParams();
  const selectedParam = search.get(SELECTED_PARAM);
  const selected = useMemo(() => parseSelected(selectedParam), [selectedParam]);

  const name = config ? (config.name ?? config.id) : id;
  useDocumentTitle(`${name} | Catalog | Pharos`);
  useBreadcrumb(
    config
      ? [
          { label: 'Catalog', to: '/catalog' },
          tab === 'config' ? { label: name } : { label: name, to: tabPath(id, 'config') },
          ...(tab === 'config' ? [] : [{ label: DETAIL_TAB_LABELS[tab] }]),
        ]
      : null,
  );

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) return <ErrorPanel error={detail.error} />;
  if (!config) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-lg font-semibold">Details not found</h1>
      </section>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 lg:flex-row">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold" title={name}>
              {name}
            </h1>
            <p className="text-sm text-fg-muted">
              {config.type}
              {config.deleted_at && <span className="ml-2 rounded bg-surface-muted px-1.5 py-0.5 text-xs">Deleted</span>}
            </p>
          </div>
          <Guard resource="evidences" action="write" features={['incidents']}>
            {LinkToIncident && <LinkToIncident target={{ config_id: config.id }} description={config.name ?? config.type} lines={tab === 'config' ? selected : []} />}
          </Guard>
        </header>
        <DetailTabLinks id={config.id} current={tab} counts={config.summary} />
        <div className="flex min-h-96 flex-1 flex-col">
          <TabBody tab={tab} config={config} />
        </div>
      </div>
      <ConfigSidebar config={config} lastScraped={lastScraped.data} />
    </div>
  );
}
