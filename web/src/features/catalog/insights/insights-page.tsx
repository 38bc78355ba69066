import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CatalogTabs } from '../catalog-tabs';
import { InsightsList } from './insights-list';

/** /catalog/insights: every config's insights (also reached with component, type and severity), under the catalog's tabs. */
export function CatalogInsightsPage() {
  useDocumentTitle('Insights | Catalog | Pharos');
  const [search] = useSearchParams();
  return (
    <main className="flex flex-col gap-4 p-4">
      <CatalogTabs configType={search.get('configType') ?? ''} />
      <h1 className="text-lg font-semibold">Insights</h1>
      <InsightsList />
    </main>
  );
}
