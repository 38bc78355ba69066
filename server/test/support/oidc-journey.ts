import type { CookieJar } from './cookies.js';
import { browser, csrfOf, inputAttributes, nodeNamed } from './identity.js';

/** Where a sign-in at the provider ended: Pharos's answer to the provider's redirect back. */
export interface CallbackOutcome {
  /** The callback address the provider sent the browser to (with code and state). */
  callbackUrl: string;
  /** Where Pharos then sent the browser. */
  location: string;
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/**
 * Follows the provider's pages as a browser would, from its authorization address: submits the
 * development login form as `login` and approves the consent page, until the provider sends the
 * browser back to `callbackPrefix`; then calls that and returns where Pharos redirects.
 */
export async function signInAtProvider(jar: CookieJar, authorizationUrl: string, login: string, callbackPrefix: string): Promise<CallbackOutcome> {
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(callbackPrefix)) {
      const response = await jar.fetch(url, { headers: { accept: 'text/html' } });
      const location = response.headers.get('location');
      if (!isRedirect(response.status) || !location) throw new Error(`The callback answered ${response.status}: ${await response.text()}`);
      return { callbackUrl: url, location };
    }
    const response = await jar.fetch(url, init);
    init = {};
    const location = response.headers.get('location');
    if (isRedirect(response.status) && location) {
      url = new URL(location, url).toString();
      continue;
    }
    const page = await response.text();
    if (response.status !== 200 || !new URL(url).pathname.startsWith('/interaction/')) throw new Error(`The provider answered ${response.status} at ${url}: ${page}`);
    // The development pages post their form back to the interaction's own address.
    const form: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() };
  }
  throw new Error('Too many redirects between Pharos and the provider');
}

/**
 * Signs `login` in at the provider from a fresh sign-in page of `server`, pressing its provider
 * button as the browser's native form post does, and returns the browser's cookies and where Pharos sent it.
 */
export async function signInWithProvider(server: { url: string }, jar: CookieJar, login: string): Promise<CallbackOutcome> {
  const flow = await browser(server, jar).api.createBrowserLoginFlow();
  const button = nodeNamed(flow.ui, 'provider', 'oidc');
  if (!button) throw new Error('The sign-in page offers no provider button');
  const pressed = await jar.fetch(flow.ui.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ csrf_token: csrfOf(flow), provider: String(inputAttributes(button)?.value) }).toString(),
  });
  return signInAtProvider(jar, pressed.headers.get('location') ?? '', login, `${server.url}/api/auth/oidc/callback`);
}
