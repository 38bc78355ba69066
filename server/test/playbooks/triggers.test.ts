import { describe, expect, it } from 'vitest';
import { playbookTest } from './helpers.js';

/**
 * Runs nobody starts by hand: events about configs, checks and components (on.config, on.canary,
 * on.component, with labels and CEL filters), webhooks called by other systems (on.webhook, with
 * basic authentication or a token) and schedules (on.schedule), on the real engine.
 */

const env = playbookTest();

interface TriggeredRun {
  id: string;
  status: string;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  trigger: Record<string, unknown> | null;
  error: string | null;
  stdout: string | null;
}

async function runsOf(playbookId: string): Promise<TriggeredRun[]> {
  const { rows } = await env.pool.query<TriggeredRun>(
    `select r.id, r.status, r.config_id, r.check_id, r.component_id, r.trigger, r.error,
            (select a.result ->> 'stdout' from playbook_run_actions a where a.playbook_run_id = r.id order by a.created_at limit 1) as stdout
       from playbook_runs r where r.playbook_id = $1 order by r.created_at`,
    [playbookId],
  );
  return rows;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      const { rows: events } = await env.pool.query('select name, attempts, error from event_queue order by created_at');
      throw new Error(`gave up waiting: ${JSON.stringify(value)}; events: ${JSON.stringify(events)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const ended = (runs: TriggeredRun[]) => runs.length > 0 && runs.every((run) => ['completed', 'failed'].includes(run.status));

const playbook = (name: string, on: string, script: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  on:
${on
  .split('\n')
  .map((line) => `    ${line}`)
  .join('\n')}
  actions:
    - name: react
      exec:
        script: ${script}`;

describe('event triggers', () => {
  it('run for a config event whose labels and filter match, with the config and the event in templates', async () => {
    const id = await env.apply(
      playbook('on-pod', `config:\n  - event: created\n    labels: {app: shop}\n    filter: config.type == 'Kubernetes::Pod'`, `echo "{{.config.name}} {{.event.name}}"`),
    );
    const { rows } = await env.pool.query<{ id: string; name: string }>(
      `insert into configs (name, type, labels) values ('web-1', 'Kubernetes::Pod', '{"app": "shop"}'), ('web-svc', 'Kubernetes::Service', '{"app": "shop"}'), ('db-1', 'Kubernetes::Pod', '{"app": "db"}') returning id, name`,
    );
    const runs = await until(() => runsOf(id), ended);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await runsOf(id)).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', config_id: rows.find((row) => row.name === 'web-1')!.id, stdout: 'web-1 config.created' });
  });

  it('run when a check fails and when a component turns unhealthy', async () => {
    const onCheck = await env.apply(playbook('on-check', `canary:\n  - event: failed`, `echo "{{.check.name}} failed"`));
    const onComponent = await env.apply(playbook('on-component', `component:\n  - event: unhealthy\n    filter: component.type == 'database'`, `echo "{{.component.name}} is {{.component.health}}"`));
    const { rows: checks } = await env.pool.query<{ id: string }>(
      `with canary as (insert into canaries (name) values ('shop') returning id)
       insert into checks (canary_id, type, name) select id, 'http', 'checkout' from canary returning id`,
    );
    await env.pool.query(`insert into check_statuses (check_id, time, status, duration) values ($1, now(), false, 5)`, [checks[0]!.id]);
    const { rows: components } = await env.pool.query<{ id: string }>(`insert into components (name, type, health) values ('orders-db', 'database', 'healthy'), ('cache', 'cache', 'healthy') returning id`);
    await env.pool.query(`update components set health = 'unhealthy' where id = any($1::uuid[])`, [components.map((row) => row.id)]);

    expect((await until(() => runsOf(onCheck), ended))[0]).toMatchObject({ status: 'completed', check_id: checks[0]!.id, stdout: 'checkout failed' });
    expect(await until(() => runsOf(onComponent), ended)).toEqual([expect.objectContaining({ status: 'completed', component_id: components[0]!.id, stdout: 'orders-db is unhealthy' })]);
  });

  it('records a failed run when a filter cannot be evaluated', async () => {
    const id = await env.apply(playbook('bad-filter', `config:\n  - event: created\n    filter: config.nope.deeper == 1`, 'echo never'));
    await env.pool.query(`insert into configs (name, type) values ('x', 'File')`);
    const runs = await until(() => runsOf(id), ended);
    expect(runs[0]!.status).toBe('failed');
    expect(runs[0]!.error).toMatch(/^on\.config filter 'config\.nope\.deeper == 1': /);
  });
});

describe('webhook triggers', () => {
  it('start a run for a call with the right credentials, which its templates see as .request', async () => {
    const id = await env.apply(
      playbook('deploy-hook', `webhook:\n  path: deploy\n  authentication:\n    basic:\n      username: {value: ci}\n      password: {value: s3cret}`, `echo "deploy {{.request.json.version}}"`),
    );
    const call = (authorization?: string) =>
      fetch(`${env.server.url}/api/playbook/webhook/deploy`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ version: '1.4.2' }) });
    expect((await call()).status).toBe(401);
    expect((await call(`Basic ${Buffer.from('ci:wrong').toString('base64')}`)).status).toBe(401);
    const answer = await call(`Basic ${Buffer.from('ci:s3cret').toString('base64')}`);
    expect(answer.status).toBe(201);
    const { run_id: runId } = (await answer.json()) as { run_id: string };
    const runs = await until(() => runsOf(id), ended);
    expect(runs).toEqual([expect.objectContaining({ id: runId, status: 'completed', stdout: 'deploy 1.4.2' })]);
    expect((await fetch(`${env.server.url}/api/playbook/webhook/nothing-here`, { method: 'POST' })).status).toBe(404);
  });

  it('take a bearer token when the webhook has one', async () => {
    await env.apply(playbook('token-hook', `webhook:\n  path: tokened\n  authentication:\n    token: {value: t0ken}`, 'echo ok'));
    const call = (token: string) => fetch(`${env.server.url}/api/playbook/webhook/tokened`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect((await call('other')).status).toBe(401);
    expect((await call('t0ken')).status).toBe(201);
  });
});

describe('schedule triggers', () => {
  it('run the playbook on each tick from the next one, and stop once it is deleted', async () => {
    const id = await env.apply(playbook('every-second', `schedule: "@every 1s"`, 'echo tick'));
    const runs = await until(() => runsOf(id), (list) => list.filter((run) => run.status === 'completed').length >= 2);
    expect(runs[0]!.trigger).toEqual({ schedule: { schedule: '@every 1s', tick: expect.any(String) } });
    expect(runs[0]!.stdout).toBe('tick');
    await env.pool.query('update playbooks set deleted_at = now() where id = $1', [id]);
    await until(() => env.pool.query(`select 1 from job_schedules where key like $1`, [`playbook:${id}:%`]).then(({ rowCount }) => rowCount), (count) => count === 0);
  });
});
