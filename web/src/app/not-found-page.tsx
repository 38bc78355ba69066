import { Link } from 'react-router';
import { linkClass } from '../ui/link-styles';
import { useDocumentTitle } from '../ui/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Not found');
  return (
    <main className="mx-auto flex min-h-full max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold text-fg">Page not found</h1>
      <p className="text-fg-muted">There is nothing at this address.</p>
      <Link to="/" className={linkClass}>
        Go home
      </Link>
    </main>
  );
}
