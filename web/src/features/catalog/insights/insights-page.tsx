import { useDocumentTitle } from '../../../ui/use-document-title';
import { InsightsList } from './insights-list';

/** /catalog/insights: every config's insights (also reached with component, type and severity). */
export function CatalogInsightsPage() {
  useDocumentTitle('Catalog insights');
  return (
    <main className="flex flex-col gap-4 p-4">
      <h1 className="text-lg font-semibold">Insights</h1>
      <InsightsList />
    </main>
  );
}
