/** Pages of the identity flows, which need neither the session nor the feature flags up front. */
const PUBLIC_PAGES = /^\/(login|registration|recovery|verification|auth-state-checker|bad-session|error)(\/|$)/;

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.test(pathname);
}
