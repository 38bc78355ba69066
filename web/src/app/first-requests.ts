import { startEarlyGets } from '../api/base-fetch';
import { WHOAMI_PATH } from '../api/session-paths';
import { isPublicPage } from './public-pages';

/** The feature flags as app/access/feature-flags.ts asks the data service for them (a web test keeps the two equal). */
export const FEATURE_FLAGS_URL = '/api/db/properties?select=name%2Cvalue&name=like.*.disable';

/**
 * A signed-in page cannot paint its shell before the session and the flags are known: the entry asks
 * for both at once, in parallel with downloading the app's code.
 */
export function startFirstRequests(pathname: string): void {
  if (!isPublicPage(pathname)) startEarlyGets([WHOAMI_PATH, FEATURE_FLAGS_URL]);
}
