import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personOfEmail } from '../rest/helpers.js';
import { browser, identityOptions, submitRegistration, uniqueEmail } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Specs that send something to a person (a notification's recipient) name them by id or by an email
 * they proved: an account that registered an address without verifying it, or whose display name is
 * that address, receives nothing.
 */

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ identity: identityOptions() });
  adminToken = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
});

const notification = (name: string, person: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: ${name}
spec:
  events: [check.failed]
  to:
    person: ${person}`;

async function apply(yaml: string) {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/yaml' }, body: yaml });
  return { status: response.status, body: (await response.json()) as { message?: string; problems?: { path: string; reason: string }[] } };
}

describe('a Notification to a person', () => {
  it('refuses an address whose account never verified it, saying so', async () => {
    const address = uniqueEmail('oncall');
    await submitRegistration(browser(server), address);
    const { status, body } = await apply(notification(`to-unverified-${Date.now()}`, address));
    expect(status).toBe(400);
    expect(body.problems).toEqual([expect.objectContaining({ path: '/spec/to/person', reason: `no person has the id or verified email ${address}` })]);
  });

  it('refuses a display name, even one spelled as an address', async () => {
    const address = uniqueEmail('lead');
    await submitRegistration(browser(server), uniqueEmail('outsider'), undefined, { first: address, last: '' });
    const { status } = await apply(notification(`to-name-${Date.now()}`, address));
    expect(status).toBe(400);
  });

  it('takes a person made by an operator, by email or by id', async () => {
    const address = uniqueEmail('operator-made');
    await server.tokenFor(['responder'], address);
    expect((await apply(notification(`to-email-${Date.now()}`, address))).status).toBe(200);
    expect((await apply(notification(`to-id-${Date.now()}`, await personOfEmail(server.pool, address)))).status).toBe(200);
  });
});
