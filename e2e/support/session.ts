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

async function browserFlow(request: APIRequestContext, kind: 'login' | 'registration' | 'verification'): Promise<FlowJson> {
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

/** The verification codes the server logged for `email` (it logs its mail when SMTP_URL is unset), oldest first. */
function loggedCodes(output: string, email: string): string[] {
  const codes: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes(email) || !line.includes('"verification_code"')) continue;
    const logged = JSON.parse(line) as { to?: string; code?: string };
    if (logged.to === email && logged.code) codes.push(logged.code);
  }
  return codes;
}

/**
 * Verifies the signed-in person's address the way they would: a verification flow, the code the
 * server sent (read from its log, as an operator would pass it on without SMTP), and the code back.
 */
export async function verifyEmail(context: BrowserContext, server: { output: () => string }, email: string): Promise<void> {
  const { request } = context;
  const flow = await browserFlow(request, 'verification');
  const sentBefore = loggedCodes(server.output(), email).length;
  const sent = await request.post(flow.ui.action, { headers: JSON_HEADERS, data: { method: 'code', csrf_token: csrfOf(flow), email } });
  if (!sent.ok()) throw new Error(`asking for a verification code answered ${sent.status()}: ${await sent.text()}`);
  let code: string | undefined;
  for (let attempt = 0; attempt < 100 && !code; attempt++) {
    code = loggedCodes(server.output(), email)[sentBefore];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`the server logged no verification code for ${email}:\n${server.output().slice(-2000)}`);
  const verified = await request.post(flow.ui.action, { headers: JSON_HEADERS, data: { method: 'code', csrf_token: csrfOf(flow), code } });
  if (!verified.ok()) throw new Error(`sending the verification code answered ${verified.status()}: ${await verified.text()}`);
}
