import { randomUUID } from 'node:crypto';
import { Configuration, FrontendApi, ResponseError, type UiContainer, type UiNode, type UiNodeInputAttributes } from '@ory/client-fetch';
import { Secret, TOTP } from 'otpauth';
import type { IdentityConfig } from '../../src/auth/identity/config.js';
import { CookieJar } from './cookies.js';
import type { TestServer } from './server.js';

/** A browser of the tests: the Ory SDK over a cookie jar, as the web app uses it. */
export interface Browser {
  api: FrontendApi;
  jar: CookieJar;
  /** fetch with this browser's cookies (redirects are not followed). */
  fetch: CookieJar['fetch'];
}

export function browser(server: Pick<TestServer, 'url'>, jar: CookieJar = new CookieJar()): Browser {
  const api = new FrontendApi(
    new Configuration({ basePath: `${server.url}/api/.ory`, fetchApi: jar.fetch, headers: { Accept: 'application/json' } }),
  );
  return { api, jar, fetch: jar.fetch };
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export const PASSWORD = 'correct horse battery staple';

/** Status and JSON body of a request the SDK rejected. */
export async function rejection(promise: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResponseError) {
      const text = await error.response.text();
      return { status: error.response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    }
    throw error;
  }
  throw new Error('Expected the request to fail');
}

export function inputAttributes(node: UiNode): UiNodeInputAttributes | undefined {
  return node.attributes.node_type === 'input' ? (node.attributes as UiNodeInputAttributes) : undefined;
}

export function nodeNamed(ui: UiContainer, name: string, group?: string): UiNode | undefined {
  return ui.nodes.find((node) => {
    const attributes = node.attributes as { name?: string; id?: string };
    return (attributes.name === name || (node.attributes.node_type !== 'input' && attributes.id === name)) && (!group || node.group === group);
  });
}

export function csrfOf(flow: { ui: UiContainer }): string {
  const node = nodeNamed(flow.ui, 'csrf_token');
  const value = node ? inputAttributes(node)?.value : undefined;
  if (typeof value !== 'string') throw new Error('The flow has no csrf_token node');
  return value;
}

/** Registers with the SDK; resolves to the SDK's answer or rejects like it. Nobody is signed in by it. */
export async function submitRegistration(b: Browser, email: string, password = PASSWORD, name = { first: 'Ada', last: 'Lovelace' }) {
  const flow = await b.api.createBrowserRegistrationFlow();
  return b.api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password, traits: { email, name } },
  });
}

/**
 * Registers, then signs in with the password as a person does after registering (the session's
 * cookie lands in the jar). Resolves to the registration's continue_with, the identity and the session.
 */
export async function register(b: Browser, email: string, password = PASSWORD, name = { first: 'Ada', last: 'Lovelace' }) {
  const registration = await submitRegistration(b, email, password, name);
  const { session } = await signIn(b, email, password);
  if (!session.identity) throw new Error(`Signing in as ${email} gave no identity`);
  return { continue_with: registration.continue_with, identity: session.identity, session };
}

/** Signs in with a password; resolves to the SDK's answer or rejects like it. */
export async function signIn(b: Browser, email: string, password = PASSWORD, options: { refresh?: boolean } = {}) {
  const flow = await b.api.createBrowserLoginFlow(options.refresh ? { refresh: true } : {});
  return b.api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', csrf_token: csrfOf(flow), identifier: email, password },
  });
}

export function totp(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}

/** A code for the current step, or a later one (each step is accepted once). */
export function totpCode(secret: string, stepsAhead = 0): string {
  return totp(secret).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * Identity settings of the tests, independent of the environment. Every test signs in from
 * 127.0.0.1, so the per-address limit is lifted except where it is under test.
 */
export function identityOptions(overrides: Partial<IdentityConfig> = {}): Partial<IdentityConfig> {
  return { smtpUrl: undefined, registration: 'open', allowedReturnUrls: [], maxFailuresPerAddress: 1000, trustProxy: false, ...overrides };
}
