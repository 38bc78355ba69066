import { Search } from 'lucide-react';
import type { Crumb } from '../../app/route-handle';
import { cn } from '../../ui/cn';
import { BreadcrumbBar } from './breadcrumb-bar';
import { DocsMenu } from './docs-menu';
import { iconButtonClass } from './menu-styles';
import { RefreshButton } from './refresh-button';
import { UserMenu, type UserMenuProps } from './user-menu';

export interface HeaderProps extends UserMenuProps {
  crumbs: readonly Crumb[];
  onSearch: () => void;
}

/** True on Apple platforms, where the shortcut hints read ⌘ rather than Ctrl. */
function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The header: breadcrumb, global search, refresh, docs and the user menu. */
export function Header({ crumbs, onSearch, ...user }: HeaderProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <BreadcrumbBar crumbs={crumbs} />
      </div>
      <button
        type="button"
        onClick={onSearch}
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K"
        className="hidden h-9 w-56 cursor-pointer items-center gap-2 rounded-md border border-border-strong bg-canvas px-3 text-sm text-fg-muted hover:border-accent hover:text-fg md:inline-flex"
      >
        <Search className="size-4" aria-hidden="true" />
        <span className="flex-1 text-left">Search…</span>
        <kbd className="rounded border border-border bg-surface px-1.5 font-sans text-[0.6875rem]">{isApple() ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      <div className="flex items-center gap-1">
        <button type="button" onClick={onSearch} aria-label="Search" className={cn(iconButtonClass, 'md:hidden')}>
          <Search className="size-[1.125rem]" aria-hidden="true" />
        </button>
        <RefreshButton />
        <DocsMenu />
        <UserMenu {...user} />
      </div>
    </header>
  );
}
