import type { Params, UIMatch } from 'react-router';
import type { ScreenAccess } from './screens';

/** One step of the header's breadcrumb; the last one is the current page (no link). */
export interface Crumb {
  label: string;
  to?: string;
}

/** Refused with the Not found page rather than Unauthorized (e.g. an unknown settings table). */
export const NOT_FOUND = 'not-found';

/** What a route of the shell tells the shell: its breadcrumb and the access it needs. */
export interface RouteHandle {
  crumbs?: (params: Params) => Crumb[];
  access?: (params: Params) => ScreenAccess | typeof NOT_FOUND;
}

export function handleOf(match: UIMatch): RouteHandle | undefined {
  const handle = match.handle;
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : undefined;
}

/** The breadcrumb of the deepest route that declares one. */
export function crumbsOf(matches: readonly UIMatch[]): Crumb[] {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const crumbs = match ? handleOf(match)?.crumbs : undefined;
    if (match && crumbs) return crumbs(match.params);
  }
  return [];
}
