import { useNavigate, useParams } from 'react-router';
import { useSettingsResource } from '../../../api/settings-resources';
import { useBreadcrumb } from '../../../app/breadcrumb';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import { ResourceDetailTabs, toastSaved } from '../../../ui/resource-settings/resource-detail-tabs';
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

  return (
    <main className="flex flex-col gap-4 p-4">
      <h1 className="min-w-0 truncate text-lg font-semibold">{name || 'Scraper'}</h1>
      <ResourceDetailTabs
        resource={scraper}
        noun="Catalog Scraper"
        tabs={(saved) => [
          {
            value: 'spec',
            label: 'Spec',
            content: (
              <ScraperForm
                key={`${saved.id}:${saved.updated_at ?? ''}`}
                scraper={saved}
                onSaved={({ name: savedName }) => toastSaved(savedName, backToList)}
                onDeleted={backToList}
              />
            ),
          },
          ...(JobHistory
            ? [{ value: 'job-history', label: 'Job History', content: <JobHistory resourceId={saved.id} resourceType={SCRAPERS_CONFIG.jobResourceType ?? 'config_scraper'} /> }]
            : []),
        ]}
      />
    </main>
  );
}
