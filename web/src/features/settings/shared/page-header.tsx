import type { ReactNode } from 'react';
import { useBreadcrumb } from '../../../app/breadcrumb';
import type { Crumb } from '../../../app/route-handle';
import { useDocumentTitle } from '../../../ui/use-document-title';

export interface SettingsPageHeaderProps {
  /** The heading of the screen (and the browser tab's title). */
  title: string;
  /**
   * The header's breadcrumb when it should say more than the route's (e.g. a resource's name
   * instead of its id); null keeps the route's.
   */
  crumbs?: readonly Crumb[] | null;
  /** Actions at the right end (e.g. the Add button). */
  actions?: ReactNode;
}

/**
 * The head of a settings screen: its heading and actions. The breadcrumb and the refresh control
 * are the shell header's (refresh refetches what the screen shows).
 */
export function SettingsPageHeader({ title, crumbs = null, actions }: SettingsPageHeaderProps) {
  useDocumentTitle(`${title} | Pharos`);
  useBreadcrumb(crumbs);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="min-w-0 truncate text-lg font-semibold text-fg">{title}</h1>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** The frame of a settings screen's content (the shell's main area gives the padding). */
export function SettingsPage({ children }: { children: ReactNode }) {
  return <div className="flex min-h-0 flex-col gap-4">{children}</div>;
}

/** The breadcrumb of a page under a settings list: Settings › {list} › {page}. */
export function settingsCrumbs(list: { title: string; path: string }, page: string): Crumb[] {
  return [{ label: 'Settings' }, { label: list.title, to: list.path }, { label: page }];
}
