import { ShieldAlert } from 'lucide-react';
import { useDocumentTitle } from '../../ui/use-document-title';

export const UNAUTHORIZED_MESSAGE = 'You do not have permission to access this page';

/** The Unauthorized message, inline (inside a screen) or as the whole page. */
export function Unauthorized({ page = false }: { page?: boolean }) {
  return (
    <div
      role="alert"
      className={
        page
          ? 'mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center'
          : 'flex items-center gap-3 rounded-lg border border-border bg-surface p-4'
      }
    >
      <ShieldAlert className={page ? 'size-10 text-fg-muted' : 'size-5 shrink-0 text-fg-muted'} aria-hidden="true" />
      {page ? <h1 className="text-lg font-semibold text-fg">{UNAUTHORIZED_MESSAGE}</h1> : <p className="text-fg">{UNAUTHORIZED_MESSAGE}</p>}
    </div>
  );
}

/** The Unauthorized page: a route the user's roles or the feature flags do not allow. */
export function UnauthorizedPage() {
  useDocumentTitle('Unauthorized');
  return <Unauthorized page />;
}
