import { beforeAll, describe, expect, it } from 'vitest';
import { playbookTest } from './helpers.js';

/**
 * Four eyes: a playbook with an approval spec waits for its approvers (people, or members of a team);
 * the person who asked for the run cannot approve it, nor can anyone not named; once the approvals
 * meet the spec (one for `any`, each approver for `all`) the run goes on. Each approval is recorded
 * with who and when, and announces itself as playbook.approval.inserted.
 */

const env = playbookTest();
const approve = async (runId: string, token: string) => {
  const response = await fetch(`${env.server.url}/api/playbook/run/approve/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { status?: string; message?: string } };
};

/** What the run screen reads for `token`: why they may not approve now, or null. */
const refusal = async (runId: string, token: string) => {
  const response = await fetch(`${env.server.url}/api/playbook/run/${runId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { approval_refusal: string | null }).approval_refusal;
};

let requester: string;
let lead: string;
let oncallA: string;
let oncallB: string;
let outsider: string;

beforeAll(async () => {
  requester = await env.server.tokenFor(['editor'], 'requester@example.com');
  lead = await env.server.tokenFor(['editor'], 'lead@example.com');
  oncallA = await env.server.tokenFor(['responder'], 'oncall-a@example.com');
  oncallB = await env.server.tokenFor(['responder'], 'oncall-b@example.com');
  outsider = await env.server.tokenFor(['admin'], 'outsider@example.com');
  await env.pool.query(`with team as (insert into teams (name) values ('ops') returning id)
    insert into team_members (team_id, person_id) select team.id, p.id from team, people p where p.email in ('oncall-a@example.com', 'oncall-b@example.com')`);
});

const approvalPlaybook = (name: string, type: 'any' | 'all') => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  approval:
    type: ${type}
    approvers:
      people: [lead@example.com]
      teams: [ops]
  actions:
    - name: go
      exec:
        script: echo approved`;

describe('a playbook run that needs approval', () => {
  it('waits, refuses its requester and strangers, and runs after one approver of any', async () => {
    const id = await env.apply(approvalPlaybook('needs-one', 'any'));
    const { status, body } = await env.start({ id }, requester);
    expect(status).toBe(201);
    const runId = body.run_id!;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await env.run(runId)).toMatchObject({ status: 'waiting', actions: [] });

    // The run says beforehand who may approve it and why others may not.
    expect(await refusal(runId, requester)).toBe('You asked for this run: someone else must approve it');
    expect(await refusal(runId, outsider)).toBe("You are not one of this playbook's approvers");
    expect(await refusal(runId, oncallA)).toBeNull();
    expect(await refusal(runId, lead)).toBeNull();
    expect(await approve(runId, requester)).toEqual({ status: 403, body: expect.objectContaining({ message: 'You asked for this run: someone else must approve it' }) });
    expect(await approve(runId, outsider)).toEqual({ status: 403, body: expect.objectContaining({ message: "You are not one of this playbook's approvers" }) });
    expect(await approve(runId, oncallA)).toEqual({ status: 200, body: { status: 'pending' } });

    const run = (await env.until(runId)) as Awaited<ReturnType<typeof env.run>> & { approvals: { email: string | null; team: string | null }[] };
    expect(run.status).toBe('completed');
    expect(run.approvals).toEqual([expect.objectContaining({ email: 'oncall-a@example.com', team: 'ops' })]);
    expect(await approve(runId, lead)).toEqual({ status: 409, body: expect.objectContaining({ message: 'This run is completed and waits for no approval' }) });
    const { rows } = await env.pool.query(`select properties from event_queue where name = 'playbook.approval.inserted' and properties ->> 'run_id' = $1`, [runId]);
    expect(rows).toHaveLength(1);
  });

  it('with all, waits for every named person and team; a team approves once', async () => {
    const id = await env.apply(approvalPlaybook('needs-all', 'all'));
    const runId = (await env.start({ id }, requester)).body.run_id!;
    expect(await approve(runId, oncallA)).toEqual({ status: 200, body: { status: 'waiting' } });
    expect(await refusal(runId, oncallB)).toBe('Your team has approved this run already');
    expect(await approve(runId, oncallB)).toEqual({ status: 409, body: expect.objectContaining({ message: 'Your team has approved this run already' }) });
    expect(await approve(runId, lead)).toEqual({ status: 200, body: { status: 'pending' } });
    expect((await env.until(runId)).status).toBe('completed');
  });
});
