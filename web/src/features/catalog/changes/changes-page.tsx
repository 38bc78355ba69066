import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CatalogTabs } from '../catalog-tabs';
import { ChangesList } from './changes-list';

/** /catalog/changes: every config's changes, under the catalog's tabs. */
export function CatalogChangesPage() {
  useDocumentTitle('Changes | Catalog | Pharos');
  const [search] = useSearchParams();
  return (
    <main className="flex flex-col gap-4 p-4">
      <CatalogTabs configType={search.get('configType') ?? ''} />
      <h1 className="text-lg font-semibold">Changes</h1>
      <ChangesList />
    </main>
  );
}
