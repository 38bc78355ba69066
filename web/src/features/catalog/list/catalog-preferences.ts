import { CATALOG_DEFAULTS } from '@pharos/core';
import { useLocalStorage } from '../../../ui/use-local-storage';

const HIDE_DELETED_KEY = 'catalog.hideDeleted';
const PINNED_TYPES_KEY = 'catalog.pinnedTypes';

/** 'Hide Deleted Catalog' (spec 2 section 2): kept in this browser, on by default. */
export function useHideDeleted(): [boolean, (value: boolean) => void] {
  return useLocalStorage(HIDE_DELETED_KEY, (stored) => (typeof stored === 'boolean' ? stored : CATALOG_DEFAULTS.hideDeleted));
}

/** Config types pinned as favourites, kept in this browser. */
export function usePinnedTypes(): [readonly string[], (type: string) => void] {
  const [pinned, setPinned] = useLocalStorage(PINNED_TYPES_KEY, (stored) =>
    Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : [],
  );
  const toggle = (type: string) => setPinned(pinned.includes(type) ? pinned.filter((t) => t !== type) : [...pinned, type]);
  return [pinned, toggle];
}
