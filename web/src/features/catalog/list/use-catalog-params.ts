import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readCatalogParams, type CatalogParams } from './catalog-params';

export type CatalogParamChanges = Readonly<Record<string, string | null>>;

/** The page's query parameters and a setter of several at once (null or '' removes one). */
export function useCatalogParams(): [CatalogParams, (changes: CatalogParamChanges) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (changes: CatalogParamChanges) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setSearch],
  );
  return [readCatalogParams(search), update];
}
