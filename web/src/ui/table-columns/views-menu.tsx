import { Bookmark, Trash2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../button';
import { CopyButton } from '../copy-button';
import { COLUMNS_PARAM, encodeColumnsParam, type ColumnLayout } from './column-layout';
import { usePreference } from './preference-store';
import { SharedViewBanner, VIEW_PARAM, withoutViewParam } from './shared-view';

/** A view: the filters and columns of a table, under a name. */
export interface SavedView {
  /** Names the view in `?view=` links (views saved before ids have none). */
  id?: string;
  name: string;
  /** The page's query string (filters, sort, `columns`), without '?'. */
  search: string;
  /** The screen it was saved on. */
  path?: string;
}

export const MAX_SAVED_VIEWS = 30;
export const MAX_VIEW_NAME = 80;

function parseViews(value: unknown): SavedView[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is SavedView =>
      typeof entry === 'object' && entry !== null && typeof (entry as SavedView).name === 'string' && typeof (entry as SavedView).search === 'string',
  );
}

/** The query string a view keeps: what the page shows now, with its columns and from the first page. */
export function viewSearch(current: string, layout: ColumnLayout): string {
  const params = new URLSearchParams(withoutViewParam(current));
  params.set(COLUMNS_PARAM, encodeColumnsParam(layout));
  params.delete('pageIndex');
  return params.toString();
}

export interface ViewsMenuProps {
  tableLabel: string;
  preferenceKey: string;
  layout: ColumnLayout;
}

/**
 * 'Views': the person's saved views of this table as links (their URL carries the filters and
 * columns), saving the current one under a name, copying a `?view=<id>` link another person opens
 * read-only, or deleting one. A view opened from such a link is named beside, with 'Save as my view'.
 */
export function ViewsMenu({ tableLabel, preferenceKey, layout }: ViewsMenuProps) {
  const preference = usePreference(preferenceKey);
  const [sessionViews, setSessionViews] = useState<SavedView[]>([]);
  const views = preference.remembered ? parseViews(preference.value) : sessionViews;
  const save = (next: SavedView[]) => (preference.remembered ? preference.set(next.length ? next : null) : setSessionViews(next));
  const location = useLocation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const href = (view: SavedView) => `${location.pathname}?${view.search}`;
  const shareLink = (view: SavedView) => `${window.location.origin}${view.id ? `${view.path ?? location.pathname}?${VIEW_PARAM}=${view.id}` : href(view)}`;

  /** Saves what the page shows under `wanted`; answers why not. */
  const saveCurrent = (wanted: string): string | null => {
    const trimmed = wanted.trim();
    if (!trimmed) return 'Give the view a name';
    if (trimmed.length > MAX_VIEW_NAME) return `A view's name is at most ${MAX_VIEW_NAME} characters`;
    const others = views.filter((view) => view.name !== trimmed);
    if (others.length >= MAX_SAVED_VIEWS) return `You keep ${MAX_SAVED_VIEWS} views of this table already; delete one first`;
    save([...others, { id: crypto.randomUUID(), name: trimmed, search: viewSearch(location.search, layout), path: location.pathname }]);
    return null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = saveCurrent(name);
    setProblem(refused);
    if (!refused) setName('');
  };

  return (
    <>
    <SharedViewBanner onSaveAsOwn={(shared) => setProblem(saveCurrent(shared))} />
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="sm" className="gap-1.5">
          <Bookmark className="size-4" aria-hidden="true" />
          Views
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={`Views of ${tableLabel}`}
          className="z-50 w-80 rounded-md border border-border bg-surface p-2 text-fg shadow-lg"
        >
          {views.length === 0 ? (
            <p className="px-1 pb-2 text-sm text-fg-muted">No saved views yet.</p>
          ) : (
            <ul aria-label="Saved views" className="flex flex-col gap-1 pb-2">
              {views.map((view) => (
                <li key={view.name} className="flex items-center gap-1">
                  <Link to={href(view)} className="min-w-0 flex-1 truncate rounded px-1 py-1 text-sm text-accent hover:underline">
                    {view.name}
                  </Link>
                  <CopyButton label={`Copy link to ${view.name}`} text={() => shareLink(view)} />
                  <Button variant="ghost" size="sm" className="px-2" aria-label={`Delete view ${view.name}`} onClick={() => save(views.filter((entry) => entry !== view))}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={onSubmit} className="flex items-center gap-1 border-t border-border pt-2">
            <input
              aria-label="View name"
              placeholder="Name this view"
              value={name}
              maxLength={MAX_VIEW_NAME}
              onChange={(event) => setName(event.target.value)}
              className="h-8 min-w-0 flex-1 rounded border border-border-strong bg-surface px-2 text-sm"
            />
            <Button type="submit" size="sm">
              Save view
            </Button>
          </form>
          {problem && (
            <p role="alert" className="px-1 pt-1 text-xs text-danger">
              {problem}
            </p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
    </>
  );
}
