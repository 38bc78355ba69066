import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { newContext } from './browser.js';
import { newUser, signIn, verifyEmail, type TestUser } from './session.js';

export type Role = 'admin' | 'editor' | 'viewer' | 'commander' | 'responder';

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

/** The one-time setup token `pharos serve` prints while no account exists. */
export function setupTokenOf(output: string): string {
  const token = /registration\?setup_token=([A-Za-z0-9_-]{43})/.exec(output)?.[1];
  if (!token) throw new Error(`the server printed no setup link:\n${output}`);
  return token;
}

interface FlowJson {
  ui: { action: string; nodes: { attributes: { name?: string; value?: unknown } }[] };
}

/** Registers the first administrator with the setup token, as the setup link's page does. */
export async function registerAdministrator(context: BrowserContext, setupToken: string, user: TestUser): Promise<void> {
  const { request } = context;
  const created = await request.get(`/api/.ory/self-service/registration/browser?setup_token=${setupToken}`, {
    headers: { Accept: 'application/json' },
  });
  if (!created.ok()) throw new Error(`creating the setup registration answered ${created.status()}: ${await created.text()}`);
  const flow = (await created.json()) as FlowJson;
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const registered = await request.post(flow.ui.action, {
    headers: JSON_HEADERS,
    data: {
      method: 'password',
      csrf_token: csrf,
      setup_token: setupToken,
      traits: { email: user.email, name: { first: user.first, last: user.last } },
      password: user.password,
    },
  });
  if (!registered.ok()) throw new Error(`registering the administrator answered ${registered.status()}: ${await registered.text()}`);
}

/** The signed-in person's id and roles, from whoami. */
export async function whoami(request: APIRequestContext): Promise<{ id: string; name: string; roles: string[] }> {
  const response = await request.get('/api/auth/whoami', { headers: { Accept: 'application/json' } });
  if (!response.ok()) throw new Error(`whoami answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { user: { id: string; name: string; roles: string[] } }).user;
}

/** Sets a person's roles through the role endpoint (the caller needs write on rbac). */
export async function grantRoles(admin: APIRequestContext, personId: string, roles: readonly Role[]): Promise<void> {
  const response = await admin.post(`/api/rbac/${personId}/update_role`, { headers: JSON_HEADERS, data: { roles } });
  if (!response.ok()) throw new Error(`update_role answered ${response.status()}: ${await response.text()}`);
}

/**
 * A browser context signed in as a new person with exactly `role`: registered through the identity
 * API, their address verified (roles go only to verified accounts), then given the role by the administrator.
 */
export async function contextWithRole(
  browser: Browser,
  server: { url: string; output: () => string },
  admin: APIRequestContext,
  role: Role,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; user: TestUser }> {
  const user = { ...newUser(), first: role.charAt(0).toUpperCase() + role.slice(1), last: 'Tester' };
  const context = await newContext(browser, server.url, options);
  await signIn(context, user);
  await verifyEmail(context, server, user.email);
  const { id } = await whoami(context.request);
  await grantRoles(admin, id, [role]);
  return { context, user };
}
