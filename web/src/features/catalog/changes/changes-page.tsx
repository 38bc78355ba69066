import { useDocumentTitle } from '../../../ui/use-document-title';
import { ChangesList } from './changes-list';

/** /catalog/changes: every config's changes. */
export function CatalogChangesPage() {
  useDocumentTitle('Catalog changes');
  return (
    <main className="flex flex-col gap-4 p-4">
      <h1 className="text-lg font-semibold">Changes</h1>
      <ChangesList />
    </main>
  );
}
