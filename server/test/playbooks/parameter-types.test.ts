import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecorder, type Recorder } from '../conformance/support/recorder.js';
import { playbookTest } from './helpers.js';

/**
 * mission-control's parameter types duration and secret, over HTTP: a duration is checked against its
 * min and max when a run starts; a secret reaches the action's request but is never read back in
 * clear, neither through the run API, the data service, nor in the database.
 */
const env = playbookTest();
let recorder: Recorder;
const SECRET = 'hunter2-backups-eu-token';

beforeAll(async () => {
  recorder = await startRecorder();
});

afterAll(async () => {
  await recorder?.close();
});

const db = async (path: string): Promise<{ status: number; text: string }> => {
  const response = await fetch(`${env.server.url}/api/db/${path}`, { headers: { authorization: `Bearer ${env.token}` } });
  return { status: response.status, text: await response.text() };
};

describe('duration parameters', () => {
  it('take the default, keep to min and max, and refuse what is not a duration naming the parameter', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: duration-window}
spec:
  parameters:
    - {name: window, label: Window, type: duration, default: 15m, properties: {min: 5m, max: 7d, options: [5m, 15m, 1d]}}
  actions:
    - name: echo
      exec:
        script: echo {{.params.window}}
`);
    const fallback = await env.until((await env.start({ id, params: {} })).body.run_id!);
    expect(fallback.status).toBe('completed');
    expect(fallback.parameters).toEqual({ window: '15m' });
    expect(fallback.actions[0]!.result!['stdout']).toBe('15m0s');

    const given = await env.until((await env.start({ id, params: { window: '1h30m' } })).body.run_id!);
    expect(given.actions[0]!.result!['stdout']).toBe('1h30m0s');

    expect(await env.start({ id, params: { window: '1m' } })).toMatchObject({ status: 400, body: { problems: ['window (Window) must be at least 5m'] } });
    expect(await env.start({ id, params: { window: '8d' } })).toMatchObject({ status: 400, body: { problems: ['window (Window) must be at most 7d'] } });
    const bad = await env.start({ id, params: { window: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("window (Window) must be a duration such as 30s, 15m, 1h30m or 7d, not 'soon'");
  });

  it('are refused at apply when the default or an option breaks min and max', async () => {
    const response = await fetch(`${env.server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: duration-bad-default}
spec:
  parameters:
    - {name: window, type: duration, default: 1m, properties: {min: 5m}}
  actions:
    - {name: echo, exec: {script: echo hi}}
`,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('parameter window: its default must be at least 5m');
  });
});

describe('secret parameters', () => {
  it('reach the action but are sealed in the run, answered <sealed>, and redacted from its output', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: secret-alert, namespace: mc}
spec:
  parameters:
    - {name: token, label: Token, type: secret}
  actions:
    - name: send
      http:
        url: ${recorder.url}/alert
        method: POST
        body: '{"token": "$(params.token)"}'
    - name: echo
      exec:
        script: echo "token is {{.params.token}}"
`);
    const started = await env.start({ id, params: { token: SECRET } });
    expect(started.status).toBe(201);
    const run = await env.until(started.body.run_id!);
    expect(run.status).toBe('completed');
    expect(recorder.requests.find((request) => request.url === '/alert')?.body).toBe(`{"token": "${SECRET}"}`);

    expect(run.parameters).toEqual({ token: '<sealed>' });
    expect(run.actions.find((action) => action.name === 'echo')!.result!['stdout']).toBe('token is [REDACTED]');
    expect(JSON.stringify(run)).not.toContain(SECRET);

    const rows = await db(`playbook_runs?id=eq.${run.id}&select=parameters`);
    expect(rows.status).toBe(200);
    expect(JSON.parse(rows.text)).toEqual([{ parameters: { token: '<sealed>' } }]);
    const actions = await db(`playbook_run_actions?playbook_run_id=eq.${run.id}`);
    expect(actions.status).toBe(200);
    expect(actions.text).not.toContain(SECRET);

    const stored = await env.pool.query<{ parameters: { token: string } }>('SELECT parameters FROM playbook_runs WHERE id = $1', [run.id]);
    expect(stored.rows[0]!.parameters.token).toMatch(/^v1:/);
    const anywhere = await env.pool.query(`SELECT 1 FROM playbook_runs r JOIN playbook_run_actions a ON a.playbook_run_id = r.id WHERE r.id = $1 AND (r::text LIKE $2 OR a::text LIKE $2)`, [run.id, `%${SECRET}%`]);
    expect(anywhere.rowCount).toBe(0);
  });

  it('are taken as typed, never read as templates', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: secret-braces}
spec:
  parameters:
    - {name: password, type: secret}
  actions:
    - name: send
      http:
        url: ${recorder.url}/braces
        method: POST
        body: '$(.params.password)'
`);
    const typed = 'p{{.user.email}}$(x)';
    const run = await env.until((await env.start({ id, params: { password: typed } })).body.run_id!);
    expect(run.status).toBe('completed');
    expect(recorder.requests.find((request) => request.url === '/braces')?.body).toBe(typed);
  });
});
