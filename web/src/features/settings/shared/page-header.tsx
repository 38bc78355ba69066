import { ChevronRight, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';

export interface Crumb {
  label: ReactNode;
  /** A link, except for the last crumb (the current page). */
  to?: string;
}

export interface SettingsPageHeaderProps {
  crumbs: readonly Crumb[];
  /** Shows a refresh control that calls this. */
  onRefresh?: () => void;
  refreshing?: boolean;
  /** Actions at the right end (e.g. the Add button). */
  actions?: ReactNode;
}

/** The head of a settings screen: breadcrumb, refresh control and actions. */
export function SettingsPageHeader({ crumbs, onRefresh, refreshing = false, actions }: SettingsPageHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex min-w-0 flex-wrap items-center gap-1.5 text-base">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={index} className="flex min-w-0 items-center gap-1.5">
                {index > 0 && <ChevronRight className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />}
                {crumb.to && !last ? (
                  <Link to={crumb.to} className="truncate text-fg-muted hover:text-fg hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current={last ? 'page' : undefined} className={cn('truncate', last && 'font-semibold text-fg')}>
                    {crumb.label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="flex items-center gap-2">
        {onRefresh && (
          <Button variant="ghost" size="sm" aria-label="Refresh" title="Refresh" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden="true" />
          </Button>
        )}
        {actions}
      </div>
    </div>
  );
}

/** The frame of a settings screen's content. */
export function SettingsPage({ children }: { children: ReactNode }) {
  return <div className="flex min-h-0 flex-col gap-4 p-6">{children}</div>;
}
