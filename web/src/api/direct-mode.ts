/**
 * Direct mode (spec 1 section 7): the current organization's calls go to its own backend with a
 * short-lived bearer token from the front door, which keeps sign-in, organizations and the token.
 */

export interface DirectOrganization {
  backendUrl: string;
}

interface IssuedToken {
  token: string;
  backend_url: string;
  expires_at: string;
}

/** Calls the front door answers itself, whatever the organization's mode. */
const FRONT_DOOR_PATHS = ['/api/.ory', '/api/organizations', '/api/about', '/api/auth/whoami'];
/** A token is renewed this long before it expires, so no call carries one that lapses on the way. */
const RENEW_BEFORE_MS = 30_000;

let organization: DirectOrganization | null = null;
let token: Promise<{ value: string; expiresAt: number }> | null = null;
/** Settled once the session check knows where the organization's calls go; calls made before (the flags at start) wait for it. */
let routingKnown: Promise<void> = Promise.resolve();

/** Called as the session check starts; the returned function settles the routing once the organization is known. */
export function beginRouting(): () => void {
  let settle = () => {};
  routingKnown = new Promise<void>((resolve) => (settle = resolve));
  return settle;
}

export function setDirectOrganization(next: DirectOrganization | null): void {
  if (next?.backendUrl !== organization?.backendUrl) token = null;
  organization = next ? { backendUrl: next.backendUrl.replace(/\/+$/, '') } : null;
}

export function directOrganization(): DirectOrganization | null {
  return organization;
}

function frontDoorPath(path: string): boolean {
  return FRONT_DOOR_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));
}

async function issueToken(): Promise<{ value: string; expiresAt: number }> {
  const response = await fetch('/api/organizations/current/token', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The front door issued no token for the organization (HTTP ${response.status})`);
  const issued = (await response.json()) as IssuedToken;
  return { value: issued.token, expiresAt: new Date(issued.expires_at).getTime() };
}

async function currentToken(): Promise<string> {
  const held = token ? await token.catch(() => null) : null;
  if (held && held.expiresAt - RENEW_BEFORE_MS > Date.now()) return held.value;
  token = issueToken();
  return (await token).value;
}

/** Path and query of a call to this origin (the data-service client sends absolute URLs); null for another origin. */
function ownPath(input: RequestInfo | URL): string | null {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
  if (raw === null) return null;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The path of a call that goes to the organization's backend in direct mode; null for one the front door answers. */
function backendPath(input: RequestInfo | URL, force: boolean): string | null {
  if (!organization) return null;
  const path = ownPath(input);
  if (path === null || !path.startsWith('/api/')) return null;
  return force || !frontDoorPath(path) ? path : null;
}

export function isDirectCall(input: RequestInfo | URL): boolean {
  return backendPath(input, false) !== null;
}

/** The backend's URL and the bearer header for an /api call in direct mode; null for a call the front door answers. */
export async function directTarget(input: RequestInfo | URL, force = false): Promise<{ url: string; authorization: string } | null> {
  const own = ownPath(input);
  if (!force && own !== null && own.startsWith('/api/') && !frontDoorPath(own)) await routingKnown;
  const path = backendPath(input, force);
  if (path === null || !organization) return null;
  return { url: `${organization.backendUrl}${path}`, authorization: `Bearer ${await currentToken()}` };
}
