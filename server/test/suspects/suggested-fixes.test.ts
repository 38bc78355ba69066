import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * GET /api/playbook/suggestions over a failing check and three playbooks: two whose selectors pick
 * it, one that does not. Past runs on the check are recorded with the check's results around them, so
 * a run counts as a fix only when the check failed as it started and passed within the window after.
 */

let database: FreshDatabase;
let server: TestServer;
let admin: string;
let checkId: string;
const MINUTE = 60_000;

interface Fix {
  id: string;
  title: string;
  runs: number;
  fixes: number;
  last_fixed_at: string | null;
  message?: string;
}

const playbook = (name: string, checkName: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  title: ${name}
  checks:
    - name: ${checkName}
  actions:
    - name: go
      exec:
        script: echo ${name}`;

async function apply(yaml: string): Promise<string> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { resources: { id: string }[] }).resources[0]!.id;
}

/** A completed run that ended `endedMinutesAgo`, after the check had the `before` result, and the check's result `after` minutes later. */
async function pastRun(playbookId: string, endedMinutesAgo: number, before: boolean, after: { status: boolean; minutesLater: number }): Promise<void> {
  const end = Date.now() - endedMinutesAgo * MINUTE;
  const start = end - MINUTE;
  await server.pool.query(
    "INSERT INTO playbook_runs (playbook_id, status, check_id, start_time, end_time, created_at) VALUES ($1, 'completed', $2, $3, $4, $3)",
    [playbookId, checkId, new Date(start), new Date(end)],
  );
  await server.pool.query('INSERT INTO check_statuses (check_id, time, status) VALUES ($1, $2, $3), ($1, $4, $5)', [
    checkId,
    new Date(start - MINUTE),
    before,
    new Date(end + after.minutesLater * MINUTE),
    after.status,
  ]);
}

async function suggestions(query: string): Promise<{ status: number; body: Fix[] & { message?: string } }> {
  const response = await fetch(`${server.url}/api/playbook/suggestions?${query}`, { headers: { authorization: `Bearer ${admin}` } });
  return { status: response.status, body: (await response.json()) as Fix[] & { message?: string } };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  admin = await server.tokenFor(['admin']);
  const canary = (await server.pool.query<{ id: string }>("INSERT INTO canaries (name, spec) VALUES ('shop', '{}') RETURNING id")).rows[0]!.id;
  checkId = (await server.pool.query<{ id: string }>("INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'checkout-http', 'unhealthy') RETURNING id", [canary])).rows[0]!.id;
  const clearCache = await apply(playbook('clear-cache', 'checkout-http'));
  const restart = await apply(playbook('restart-checkout', 'checkout-http'));
  await apply(playbook('restart-billing', 'billing-http'));
  // restart-checkout: two runs on a failing check, each followed by a pass within the hour.
  await pastRun(restart, 600, false, { status: true, minutesLater: 5 });
  await pastRun(restart, 300, false, { status: true, minutesLater: 20 });
  // clear-cache: a run followed by more failures, one after a pass two hours later, one on a passing check.
  await pastRun(clearCache, 900, false, { status: false, minutesLater: 5 });
  await pastRun(clearCache, 800, false, { status: true, minutesLater: 120 });
  await pastRun(clearCache, 700, true, { status: true, minutesLater: 5 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('GET /api/playbook/suggestions', () => {
  it('lists the playbooks that match the check, those that fixed it most often first', async () => {
    const { status, body } = await suggestions(`check_id=${checkId}`);
    expect(status).toBe(200);
    expect(body.map((fix) => [fix.title, fix.runs, fix.fixes])).toEqual([
      ['restart-checkout', 2, 2],
      ['clear-cache', 3, 0],
    ]);
    expect(body[0]!.last_fixed_at).not.toBeNull();
  });

  it('counts a recovery within the window asked for', async () => {
    const { body } = await suggestions(`check_id=${checkId}&window=3h`);
    expect(body.map((fix) => [fix.title, fix.fixes])).toEqual([
      ['restart-checkout', 2],
      ['clear-cache', 1],
    ]);
    const { body: narrow } = await suggestions(`check_id=${checkId}&window=10m`);
    expect(narrow.map((fix) => [fix.title, fix.fixes])).toEqual([
      ['restart-checkout', 1],
      ['clear-cache', 0],
    ]);
  });

  it("counts a component's run as a fix when one of its checks recovered after it", async () => {
    const componentId = (await server.pool.query<{ id: string }>("INSERT INTO components (name, type, status) VALUES ('checkout', 'Service', 'unhealthy') RETURNING id")).rows[0]!.id;
    await server.pool.query("INSERT INTO check_component_relationships (component_id, check_id, selector_id) VALUES ($1, $2, 'test')", [componentId, checkId]);
    const failover = await apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: failover
spec:
  title: failover
  components:
    - name: checkout
  actions:
    - name: go
      exec:
        script: echo failover`);
    const end = Date.now() - 200 * MINUTE;
    await server.pool.query(
      "INSERT INTO playbook_runs (playbook_id, status, component_id, start_time, end_time, created_at) VALUES ($1, 'completed', $2, $3, $4, $3)",
      [failover, componentId, new Date(end - MINUTE), new Date(end)],
    );
    await server.pool.query('INSERT INTO check_statuses (check_id, time, status) VALUES ($1, $2, false), ($1, $3, true)', [checkId, new Date(end - 2 * MINUTE), new Date(end + 3 * MINUTE)]);
    const { status, body } = await suggestions(`component_id=${componentId}`);
    expect(status).toBe(200);
    expect(body.map((fix) => [fix.title, fix.runs, fix.fixes])).toEqual([['failover', 1, 1]]);
  });

  it("lists a config's playbooks and counts a run on it as a fix when a check linked to it recovered after it", async () => {
    const configId = (await server.pool.query<{ id: string }>("INSERT INTO configs (name, type) VALUES ('checkout-deploy', 'Kubernetes::Deployment') RETURNING id")).rows[0]!.id;
    await server.pool.query("INSERT INTO check_config_relationships (config_id, check_id, selector_id) VALUES ($1, $2, 'test')", [configId, checkId]);
    const rollback = await apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: rollback
spec:
  title: rollback
  configs:
    - types: [Kubernetes::Deployment]
  actions:
    - name: go
      exec:
        script: echo rollback`);
    await apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: resize-volume
spec:
  title: resize-volume
  configs:
    - types: [Kubernetes::PersistentVolume]
  actions:
    - name: go
      exec:
        script: echo resize`);
    const end = Date.now() - 100 * MINUTE;
    await server.pool.query(
      "INSERT INTO playbook_runs (playbook_id, status, config_id, start_time, end_time, created_at) VALUES ($1, 'completed', $2, $3, $4, $3)",
      [rollback, configId, new Date(end - MINUTE), new Date(end)],
    );
    await server.pool.query('INSERT INTO check_statuses (check_id, time, status) VALUES ($1, $2, false), ($1, $3, true)', [checkId, new Date(end - 2 * MINUTE), new Date(end + 4 * MINUTE)]);
    const { status, body } = await suggestions(`config_id=${configId}`);
    expect(status).toBe(200);
    expect(body.map((fix) => [fix.title, fix.runs, fix.fixes])).toEqual([['rollback', 1, 1]]);
    expect(Date.parse(body[0]!.last_fixed_at!)).toBe(end);
  });

  it('suggests a playbook that needs approval with its parameters filled from the check, and its run waits for the approver', async () => {
    // The approver named below has an account.
    await server.tokenFor(['editor'], 'lead@example.com');
    const guarded = await apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: failover-checkout
spec:
  title: failover-checkout
  checks:
    - name: checkout-http
  approval:
    type: any
    approvers:
      people: [lead@example.com]
  parameters:
    - name: subject
      default: "{{.check.name}}"
  actions:
    - name: go
      exec:
        script: echo failover {{.params.subject}}`);
    const { body } = await suggestions(`check_id=${checkId}`);
    expect(body.map((fix) => fix.title)).toContain('failover-checkout');

    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const params = await fetch(`${server.url}/api/playbook/${guarded}/params`, { method: 'POST', headers, body: JSON.stringify({ check_id: checkId }) });
    expect(params.status).toBe(200);
    expect(((await params.json()) as { params: { name: string; default?: unknown }[] }).params).toEqual([expect.objectContaining({ name: 'subject', default: 'checkout-http' })]);

    const started = await fetch(`${server.url}/api/playbook/run`, { method: 'POST', headers, body: JSON.stringify({ id: guarded, check_id: checkId, params: { subject: 'checkout-http' } }) });
    expect(started.status, await started.clone().text()).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };
    const run = await fetch(`${server.url}/api/playbook/run/${runId}`, { headers: { authorization: `Bearer ${admin}` } });
    expect((await run.json()) as { status: string; check_id: string }).toMatchObject({ status: 'waiting', check_id: checkId });
  });

  it('refuses a caller without a session, and an agent', async () => {
    const anonymous = await fetch(`${server.url}/api/playbook/suggestions?check_id=${checkId}`);
    expect(anonymous.status).toBe(401);
    const agent = await fetch(`${server.url}/api/agent/generate`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'fixes-agent' }) });
    const { access_token: agentToken } = (await agent.json()) as { access_token: string };
    const refused = await fetch(`${server.url}/api/playbook/suggestions?check_id=${checkId}`, { headers: { authorization: `Bearer ${agentToken}` } });
    expect(refused.status).toBe(403);
  });

  it('refuses a missing resource or a window out of bounds with the reason', async () => {
    expect(await suggestions('')).toMatchObject({ status: 400, body: { message: 'Give one of check_id, component_id and config_id' } });
    expect(await suggestions('check_id=x')).toMatchObject({ status: 400, body: { message: 'check_id must be a UUID' } });
    expect((await suggestions(`check_id=${checkId}&window=9d`)).body.message).toMatch(/between 1m and 7d/);
    expect((await suggestions(`check_id=${checkId}&window=later`)).body.message).toMatch(/must be a duration/);
  });
});
