import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { http } from '../../api/http';
import { Button } from '../button';

/** The query parameter of a link to someone's saved view. */
export const VIEW_PARAM = 'view';

/** A saved view as the server answers it to whoever opens its link. */
export interface SharedView {
  id: string;
  name: string;
  path: string;
  search: string;
  owner: { id: string; name: string | null };
  own: boolean;
}

/** The page's query string without the view's own parameter. */
export function withoutViewParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(VIEW_PARAM);
  return params.toString();
}

interface ViewState {
  id: string | null;
  data?: SharedView;
  error?: Error;
}

/** The view of an id, read once per id (tables also render outside a query client, so no query cache). */
function useViewOf(id: string | null): { data?: SharedView; error?: Error } {
  const [state, setState] = useState<ViewState>({ id: null });
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    http.get<SharedView>(`/api/views/${encodeURIComponent(id)}`, { signal: abort.signal }).then(
      (data) => setState({ id, data }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ id, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => abort.abort();
  }, [id]);
  return state.id === id ? state : {};
}

/**
 * The view a `?view=<id>` link names: read from the server (which checks it exists and the caller
 * may read the screen), its filters and columns put into the URL once, the `view` parameter kept
 * so the page says whose view it shows. Changes then stay in the URL: the owner's view never changes.
 */
export function useSharedView() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const id = search.get(VIEW_PARAM);
  const view = useViewOf(id);
  const applied = useRef<string | null>(null);
  const data = view.data;
  useEffect(() => {
    if (!data || applied.current === data.id || data.path !== location.pathname) return;
    applied.current = data.id;
    const params = new URLSearchParams(data.search);
    params.set(VIEW_PARAM, data.id);
    setSearch(params, { replace: true });
  }, [data, location.pathname, setSearch]);
  const close = () =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.delete(VIEW_PARAM);
        return params;
      },
      { replace: true },
    );
  return { id, view, close };
}

interface SharedViewBannerProps {
  /** Saves the view shown now as one of the person's own, under this name. */
  onSaveAsOwn: (name: string) => void;
}

/** 'Viewing {name} by {owner} (read-only)' with 'Save as my view'; or why the linked view cannot be shown. */
export function SharedViewBanner({ onSaveAsOwn }: SharedViewBannerProps) {
  const { id, view, close } = useSharedView();
  if (!id) return null;
  if (view.error) {
    return (
      <p role="alert" className="mr-auto text-sm text-danger">
        {view.error.message}
      </p>
    );
  }
  if (!view.data || view.data.own) return null;
  const { name, owner } = view.data;
  return (
    <div role="status" className="mr-auto flex items-center gap-2 text-sm text-fg-muted">
      <span>
        Viewing <strong className="text-fg">{name}</strong> saved by {owner.name ?? 'another person'} (read-only)
      </span>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          onSaveAsOwn(name);
          close();
        }}
      >
        Save as my view
      </Button>
    </div>
  );
}
