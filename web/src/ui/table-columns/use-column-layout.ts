import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { COLUMNS_PARAM, defaultLayout, encodeColumnsParam, fitLayout, parseColumnsParam, type ColumnLayout } from './column-layout';
import { usePreference } from './preference-store';

export interface ColumnLayoutState {
  layout: ColumnLayout;
  change: (next: ColumnLayout) => void;
  /** Back to the table's own columns, forgetting what the person set. */
  reset: () => void;
}

/**
 * The columns of one table. A `columns` parameter in the URL (a shared view) wins and changes stay in
 * it; otherwise the person's remembered layout, else the table's own columns.
 */
export function useColumnLayout(preferenceKey: string, ids: readonly string[]): ColumnLayoutState {
  const preference = usePreference(preferenceKey);
  const [search, setSearch] = useSearchParams();
  // Outside a preference provider the layout lasts as long as the table.
  const [session, setSession] = useState<ColumnLayout | null>(null);
  const fromUrl = parseColumnsParam(search.get(COLUMNS_PARAM), ids);
  const stored = fitLayout(preference.remembered ? preference.value : session, ids);
  const layout = fromUrl ?? stored ?? defaultLayout(ids);

  const change = (next: ColumnLayout) => {
    if (fromUrl) {
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set(COLUMNS_PARAM, encodeColumnsParam(next));
          return params;
        },
        { replace: true },
      );
    } else if (preference.remembered) preference.set(next);
    else setSession(next);
  };

  const reset = () => {
    if (fromUrl) {
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.delete(COLUMNS_PARAM);
          return params;
        },
        { replace: true },
      );
    }
    if (preference.remembered) preference.set(null);
    setSession(null);
  };

  return { layout, change, reset };
}
