import { beforeAll, describe, expect, it } from 'vitest';
import { playbookTest } from '../playbooks/helpers.js';
import { personOfEmail } from '../rest/helpers.js';
import { browser, register, uniqueEmail, type Browser } from '../support/identity.js';

/**
 * A playbook's approvers are people by id or by an email they proved: somebody who registers with
 * an approver's address as their name, or with an approver's address they never verified, approves
 * nothing, and the run's actions do not run.
 */

const env = playbookTest();
let requester: string;

beforeAll(async () => {
  requester = await env.server.tokenFor(['editor']);
});

const waitingPlaybook = (name: string, approver: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  approval:
    type: any
    approvers:
      people: ['${approver}']
  actions:
    - name: go
      exec:
        script: echo approved`;

async function waitingRun(name: string, approver: string): Promise<string> {
  const id = await env.apply(waitingPlaybook(name, approver));
  const { status, body } = await env.start({ id }, requester);
  expect(status).toBe(201);
  return body.run_id!;
}

/** POST /api/playbook/run/approve/{id} with a signed-in browser's session. */
async function approveAs(b: Browser, runId: string) {
  const response = await b.fetch(`${env.server.url}/api/playbook/run/approve/${runId}`, { method: 'POST' });
  return { status: response.status, body: (await response.json()) as { status?: string; message?: string } };
}

async function signedUp(first: string, email = uniqueEmail('outsider')): Promise<Browser> {
  const b = browser(env.server);
  await register(b, email, undefined, { first, last: '' });
  return b;
}

describe('approving a run waiting for people: [commander@red.test]', () => {
  it('an outsider whose chosen first name is that address is refused, and the exec action never runs', async () => {
    const runId = await waitingRun('approver-by-name', 'commander@red.test');
    const outsider = await signedUp('commander@red.test');
    const { rows } = await env.pool.query<{ name: string }>(`select name from people where name = 'commander@red.test'`);
    expect(rows).toHaveLength(1);

    expect(await approveAs(outsider, runId)).toEqual({ status: 403, body: expect.objectContaining({ message: "You are not one of this playbook's approvers" }) });
    const run = await env.run(runId);
    expect(run).toMatchObject({ status: 'waiting', actions: [] });
    expect((await env.pool.query('select 1 from playbook_approvals where run_id = $1', [runId])).rowCount).toBe(0);
  });

  it('an outsider who registered that address without verifying it is refused', async () => {
    const address = uniqueEmail('commander');
    const runId = await waitingRun('approver-unverified', address);
    const squatter = browser(env.server);
    await register(squatter, address);

    expect(await approveAs(squatter, runId)).toEqual({ status: 403, body: expect.objectContaining({ message: "You are not one of this playbook's approvers" }) });
    expect((await env.run(runId)).status).toBe('waiting');
  });
});

describe('an approver named by id', () => {
  it('approves, whatever their email, and the run goes on', async () => {
    const email = uniqueEmail('by-id');
    const token = await env.server.tokenFor(['responder'], email);
    const runId = await waitingRun('approver-by-id', (await personOfEmail(env.pool, email)).toUpperCase());
    const response = await fetch(`${env.server.url}/api/playbook/run/approve/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect((await env.until(runId)).status).toBe('completed');
  });
});
