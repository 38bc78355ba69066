/**
 * Navigation for code outside React components (the HTTP client, flow reactions): the app
 * registers its router here at start; until then (and in a bare test) the browser location is used.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** Loads the address as a new document. */
export const browserNavigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigate = browserNavigate;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate ?? browserNavigate;
}

/** Goes to an in-app path, e.g. `/login?return_to=%2F`. */
export function navigate(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

/** Path and query of the current page, as carried in `return_to`. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Follows a URL given by the server (`redirect_browser_to`, a flow's `return_to`): same-origin
 * addresses stay in the app, others load in the browser.
 */
export function redirectBrowser(url: string, options?: { replace?: boolean }): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin && !target.pathname.startsWith('/api/')) {
    navigate(`${target.pathname}${target.search}${target.hash}`, options);
  } else {
    browserNavigate(target.href, options);
  }
}
