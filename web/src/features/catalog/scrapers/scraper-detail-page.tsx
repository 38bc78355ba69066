import { useNavigate, useParams } from 'react-router';
import { useSettingsResource } from '../../../api/settings-resources';
import { useBreadcrumb } from '../../../app/breadcrumb';
import { ErrorPanel } from '../../../ui/error-panel';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { toast } from '../../../ui/toast/toast-store';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { SCRAPERS_CONFIG, ScraperForm } from './scraper-form';

const LIST_PATH = '/catalog/scrapers';

/** /catalog/scrapers/{id}: a scraper's Spec (the scraper form) and Job History tabs. */
export function ScraperDetailPage() {
  const id = useParams()['id'] ?? '';
  return <ScraperDetail key={id} id={id} />;
}

function ScraperDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const { JobHistory } = useResourceExtensions();
  const scraper = useSettingsResource(SCRAPERS_CONFIG, id);
  const name = scraper.data?.name ?? '';
  useDocumentTitle(`${name || 'Scraper'} | Pharos`);
  useBreadcrumb(name ? [{ label: 'Catalog', to: '/catalog' }, { label: 'Scrapers', to: LIST_PATH }, { label: name }] : null);
  const backToList = () => void navigate(LIST_PATH);

  let body;
  if (scraper.isPending) {
    body = (
      <div role="status" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  } else if (scraper.isError) {
    body = <ErrorPanel error={scraper.error} title="Could not load the catalog scraper" hideDetails />;
  } else if (!scraper.data) {
    body = <ErrorPanel error="No resources found" title="Catalog Scraper not found" hideDetails />;
  } else {
    const saved = scraper.data;
    body = (
      <Tabs
        label="Catalog Scraper details"
        urlParam="tab"
        resetParams={['pageIndex', 'pageSize', 'job']}
        items={[
          {
            value: 'spec',
            label: 'Spec',
            content: (
              <ScraperForm
                key={`${saved.id}:${saved.updated_at ?? ''}`}
                scraper={saved}
                onSaved={({ name: savedName }) => {
                  toast.success(`${savedName} updated successfully`);
                  backToList();
                }}
                onDeleted={backToList}
              />
            ),
          },
          ...(JobHistory
            ? [{ value: 'job-history', label: 'Job History', content: <JobHistory resourceId={saved.id} resourceType={SCRAPERS_CONFIG.jobResourceType ?? 'config_scraper'} /> }]
            : []),
        ]}
      />
    );
  }

  return (
    <main className="flex flex-col gap-4 p-4">
      <h1 className="min-w-0 truncate text-lg font-semibold">{name || 'Scraper'}</h1>
      {body}
    </main>
  );
}
