import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Crumb } from '../../app/route-handle';

/** The header's breadcrumb: links up to the current page, which is plain text. */
export function BreadcrumbBar({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}:${crumb.label}`} className="flex min-w-0 items-center gap-1.5">
              {index > 0 && <ChevronRight className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />}
              {last || !crumb.to ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={last ? 'truncate text-base font-semibold text-fg' : 'truncate text-fg-muted'}
                >
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="truncate text-fg-muted hover:text-fg hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
