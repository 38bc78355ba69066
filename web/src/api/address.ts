import { useSyncExternalStore } from 'react';

/**
 * The browser's address for pages that run without the app's router (the sign-in page): read with
 * `useAddress`, changed with `setAddress`, which re-renders its readers.
 */
const ADDRESS_CHANGED = 'pharos:address-changed';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(ADDRESS_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(ADDRESS_CHANGED, onChange);
  };
}

const pathAndQuery = () => `${window.location.pathname}${window.location.search}`;

/** Path and query of the page, e.g. `/login?return_to=%2F`. */
export function useAddress(): string {
  return useSyncExternalStore(subscribe, pathAndQuery);
}

/** Goes to an address of the same page without loading a document. */
export function setAddress(to: string, options?: { replace?: boolean }): void {
  if (options?.replace) window.history.replaceState(window.history.state, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(ADDRESS_CHANGED));
}
