import { startEarlyGet } from '../api/base-fetch';
import { WHOAMI_PATH } from '../api/session-paths';
import { isPublicPage } from './public-pages';

/** The feature flags as app/access/feature-flags.ts asks the data service for them (a web test keeps the two equal). */
export const FEATURE_FLAGS_URL = '/api/db/properties?select=name%2Cvalue&name=like.*.disable';

/** Whether the session's answer leaves the data calls with this server: not for an organization in direct mode, whose backend answers them with a bearer token. */
async function dataStaysHere(whoami: Response | null): Promise<boolean> {
  if (!whoami?.ok) return true;
  const body = (await whoami.clone().json()) as { organization?: { publicMetadata?: { direct?: boolean; backend_url?: string | null } } | null };
  const metadata = body.organization?.publicMetadata;
  return !(metadata?.direct && metadata.backend_url);
}

/**
 * A signed-in page cannot paint its shell before the session and the flags are known: the entry asks
 * for the session, and for the flags as soon as the session says they come from this server, both
 * while the app's code still downloads.
 */
export function startFirstRequests(pathname: string): void {
  if (isPublicPage(pathname)) return;
  startEarlyGet(FEATURE_FLAGS_URL, startEarlyGet(WHOAMI_PATH).then(dataStaysHere));
}
