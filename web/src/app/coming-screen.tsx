import { Hammer } from 'lucide-react';
import { useDocumentTitle } from '../ui/use-document-title';

/** Stands in for a screen of the route map that is not built yet. */
export function ComingScreen({ name }: { name: string }) {
  useDocumentTitle(`${name} | Pharos`);
  return (
    <section aria-labelledby="coming-title" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <Hammer className="size-9 text-fg-muted" aria-hidden="true" />
      <h1 id="coming-title" className="text-lg font-semibold text-fg">
        {name}
      </h1>
      <p className="text-fg-muted">This screen is coming.</p>
    </section>
  );
}
