import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { newContext } from './browser.js';

export interface TestUser {
  email: string;
  password: string;
  first: string;
  last: string;
}

export function newUser(): TestUser {
  return { email: `e2e-${randomUUID()}@example.com`, password: `pw-${randomUUID()}`, first: 'Ada', last: 'Lovelace' };
}

interface FlowJson {
  id: string;
  ui: { action: string; nodes: { attributes: { name?: string; value?: unknown } }[] };
}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

function csrfOf(flow: FlowJson): string {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token');
  return typeof node?.attributes.value === 'string' ? node.attributes.value : '';
}

async function browserFlow(request: APIRequestContext, kind: 'login' | 'registration'): Promise<FlowJson> {
  const response = await request.get(`/api/.ory/self-service/${kind}/browser`, { headers: { Accept: 'application/json' } });
  if (!response.ok()) throw new Error(`creating a ${kind} flow answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as FlowJson;
}

/**
 * Registers the user through the identity API as a browser does (flow, csrf cookie and token, JSON
 * submission) and signs in if the account exists already. The context keeps the session cookie.
 */
export async function signIn(context: BrowserContext, user: TestUser): Promise<void> {
  const { request } = context;
  const registration = await browserFlow(request, 'registration');
  const registered = await request.post(registration.ui.action, {
    headers: JSON_HEADERS,
    data: {
      method: 'password',
      csrf_token: csrfOf(registration),
      traits: { email: user.email, name: { first: user.first, last: user.last } },
      password: user.password,
    },
  });
  const whoami = await request.get('/api/auth/whoami', { headers: { Accept: 'application/json' } });
  if (registered.ok() && whoami.ok()) return;

  const login = await browserFlow(request, 'login');
  const signedIn = await request.post(login.ui.action, {
    headers: JSON_HEADERS,
    data: { method: 'password', csrf_token: csrfOf(login), identifier: user.email, password: user.password },
  });
  if (!signedIn.ok()) throw new Error(`signing in answered ${signedIn.status()}: ${await signedIn.text()}`);
}

/** A browser context with a signed-in session of a new (or the given) user. */
export async function signedInContext(browser: Browser, baseUrl: string, user: TestUser = newUser()) {
  const context = await newContext(browser, baseUrl);
  await signIn(context, user);
  return { context, user };
}
