import { readFile } from 'node:fs/promises';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForCommands, folderForCommands } from '../support/commands-folder.js';
import { databaseReader, readerUrl } from '../support/database-reader.js';
import { manifest } from '../support/manifest.js';
import { playbookTest } from './helpers.js';

/**
 * Playbook runs on the engine, started over HTTP: real processes (bash), a real HTTP server on
 * loopback and the embedded PostgreSQL through a connection, templated over a real catalog item, the
 * parameters and the person who ran it; `if`, `delay`, `retry` and `timeout`; cancel.
 */

const env = playbookTest();
let dir: string;
let target: Server;
let targetUrl: string;
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let configId: string;

beforeAll(async () => {
  dir = await folderForCommands('pharos-playbooks-');
  target = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/broken') response.writeHead(503).end('down for maintenance');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ restarted: true }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const { rows } = await env.pool.query<{ id: string }>(
    `insert into configs (name, type, config_class, tags, labels, config) values ('checkout-api', 'Kubernetes::Deployment', 'Deployment', '{"namespace": "shop"}', '{"team": "payments"}', '{"replicas": 3}') returning id`,
  );
  configId = rows[0]!.id;
});

afterAll(async () => {
  await new Promise((resolve) => target?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

const playbook = (name: string, spec: string) => manifest('Playbook', { name }, spec);

describe('a playbook run', () => {
  it('runs a script, a request and a query templated over the config, the parameters and the person, and keeps their results', async () => {
    // A role that reads configs alone: Pharos refuses its own database reached as its own role.
    const databaseUrl = readerUrl(await databaseReader(env.database.url, ['configs']));
    const id = await env.apply(
      playbook(
        'restart-deployment',
        `title: Restart deployment
configs:
  - types: [Kubernetes::Deployment]
parameters:
  - name: reason
    label: Reason
    required: true
  - name: replicas
    default: "{{.config.config.replicas}}"
actions:
  - name: announce
    exec:
      script: echo "restarting {{.config.name}} in {{.config.namespace}} for {{.params.reason}} by {{.user.email}}"
  - name: restart
    http:
      url: ${targetUrl}/restart/{{.config.name}}
      method: POST
      headers:
        - name: X-Team
          value: "{{.config.labels.team}}"
      body: '{"replicas": {{.params.replicas}}}'
  - name: count
    sql:
      url: ${databaseUrl}
      query: select count(*)::int as n from configs where name = '{{.config.name}}'`,
      ),
    );
    const { status, body } = await env.start({ id, config_id: configId, params: { reason: 'memory leak' } });
    expect(status).toBe(201);
    const run = await env.until(body.run_id!);
    expect(run.status, JSON.stringify(run)).toBe('completed');
    expect(run.parameters).toEqual({ reason: 'memory leak', replicas: '3' });
    for (const action of run.actions) {
      expect(action.start_time).not.toBeNull();
      expect(new Date(action.end_time!).getTime()).toBeGreaterThanOrEqual(new Date(action.start_time!).getTime());
    }
    expect(run.actions.map((action) => [action.name, action.status])).toEqual([
      ['announce', 'completed'],
      ['restart', 'completed'],
      ['count', 'completed'],
    ]);
    const { rows } = await env.pool.query<{ email: string }>('select p.email from playbook_runs r join people p on p.id = r.created_by where r.id = $1', [run.id]);
    expect(run.actions[0]!.result).toMatchObject({ stdout: `restarting checkout-api in shop for memory leak by ${rows[0]!.email}`, exitCode: 0 });
    expect(run.actions[1]!.result).toMatchObject({ code: 200, json: { restarted: true } });
    const request = received.find((entry) => entry.url === '/restart/checkout-api')!;
    expect(request).toMatchObject({ method: 'POST', body: '{"replicas": 3}' });
    expect(request.headers['x-team']).toBe('payments');
    expect(run.actions[2]!.result).toMatchObject({ rows: [{ n: 1 }], count: 1 });
  });

  it('keeps the artifacts a script leaves in its folder, text as it is and other bytes in base64', async () => {
    const id = await env.apply(
      playbook(
        'report',
        `actions:
  - name: report
    exec:
      script: mkdir out && echo "42 pods" > out/report.txt && printf '\\x00\\xff' > out/raw.bin && pwd
      artifacts:
        - path: out/*`,
      ),
    );
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    const result = run.actions[0]!.result as { stdout: string; artifacts: unknown[] };
    expect(result.artifacts).toEqual([
      { path: 'out/raw.bin', size: 2, content: Buffer.from([0, 255]).toString('base64'), encoding: 'base64' },
      { path: 'out/report.txt', size: 8, content: '42 pods\n' },
    ]);
    await expect(readFile(path.join(result.stdout, 'out/report.txt'))).rejects.toThrow();
  });

  it('keeps an artifact the script left in /tmp, as mission-control\'s examples do, from a /tmp of the run\'s own that no file of the machine\'s is in', async () => {
    // A file of the machine's /tmp that the run's user could neither read nor overwrite there.
    const taken = `/tmp/pharos-taken-by-another-${Date.now()}.txt`;
    await writeFile(taken, 'root secret\n', { mode: 0o600 });
    try {
      const id = await env.apply(
        playbook(
          'tmp-artifact',
          `actions:
  - name: report
    exec:
      script: |
        echo "hello world" > /tmp/output.txt
        echo "the run's own" > ${taken}
      artifacts:
        - path: /tmp/output.txt
        - path: ${taken}`,
        ),
      );
      const run = await env.until((await env.start({ id })).body.run_id!);
      expect(run.status, JSON.stringify(run.actions)).toBe('completed');
      expect((run.actions[0]!.result as { artifacts: unknown[] }).artifacts).toEqual([
        { path: '/tmp/output.txt', size: 12, content: 'hello world\n' },
        { path: taken, size: 14, content: "the run's own\n" },
      ]);
      expect(await readFile(taken, 'utf8')).toBe('root secret\n');
    } finally {
      await rm(taken, { force: true });
    }
  });

  it("gives a script its environment, and says on stderr which names a shell cannot export", async () => {
    const id = await env.apply(
      playbook(
        'environment',
        `actions:
  - name: show
    exec:
      script: echo "$APP_MODE"; env | grep '^app.mode=' || true
      env:
        - name: APP_MODE
          value: blue
        - name: app.mode
          value: green`,
      ),
    );
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    const result = run.actions[0]!.result as { stdout: string; stderr: string };
    const [mode, dotted] = result.stdout.split('\n');
    expect(mode).toBe('blue');
    // Where each run has temporary folders of its own, a shell sets the environment and says what it cannot; elsewhere it arrives as is.
    if (dotted !== 'app.mode=green') expect(result.stderr).toContain('pharos: the environment variable app.mode is not set: a shell cannot export that name');
  });

  it('fails with the failed action, skips what needs success and runs what asks for failure() or always()', async () => {
    const id = await env.apply(
      playbook(
        'failing',
        `actions:
  - name: call
    http:
      url: ${targetUrl}/broken
  - name: after-success
    exec:
      script: echo never
  - name: on-failure
    if: failure() && getAction('call').result.code == 503
    exec:
      script: echo "call answered {{(index .actions "call").result.code}}"
  - name: cleanup
    if: always()
    exec:
      script: echo cleaned`,
      ),
    );
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('call: status 503');
    expect(run.actions.map((action) => [action.name, action.status])).toEqual([
      ['call', 'failed'],
      ['after-success', 'skipped'],
      ['on-failure', 'completed'],
      ['cleanup', 'completed'],
    ]);
    expect(run.actions[2]!.result).toMatchObject({ stdout: 'call answered 503' });
  });

  it('sleeps through a delay, retries a failing action after its wait and stops one past its timeout', async () => {
    const counter = await fileForCommands(path.join(dir, 'attempts'));
    const id = await env.apply(
      playbook(
        'patient',
        `actions:
  - name: wait
    delay: 1s
    exec:
      script: echo awake
  - name: flaky
    retry:
      limit: 2
      duration: 300ms
      exponent:
        multiplier: 2
    exec:
      script: echo x >> ${counter}; test $(wc -l < ${counter}) -ge 2
  - name: slow
    timeout: 500ms
    exec:
      script: sleep 5`,
      ),
    );
    const runId = (await env.start({ id })).body.run_id!;
    const sleeping = await env.until(runId, (run) => run.status === 'sleeping');
    expect(sleeping.actions[0]).toMatchObject({ name: 'wait', status: 'sleeping' });
    expect(new Date(sleeping.actions[0]!.scheduled_time).getTime()).toBeGreaterThan(Date.now());
    const run = await env.until(runId);
    expect(run.actions.map((action) => [action.name, action.status, action.retry_count])).toEqual([
      ['wait', 'completed', 0],
      ['flaky', 'completed', 1],
      ['slow', 'failed', 0],
    ]);
    expect((await readFile(counter, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect(run.actions[2]!.error).toBe('the action did not finish within 500ms');
    expect(run.status).toBe('failed');
  });

  it('is cancelled with its running action, whose process is stopped', async () => {
    const marker = path.join(dir, 'finished');
    const id = await env.apply(playbook('long', `actions:\n  - name: long\n    exec:\n      script: sleep 3; touch ${marker}\n  - name: next\n    exec:\n      script: echo next`));
    const runId = (await env.start({ id })).body.run_id!;
    await env.until(runId, (run) => run.actions[0]?.status === 'running');
    const response = await fetch(`${env.server.url}/api/playbook/run/cancel/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${env.token}` } });
    expect(response.status).toBe(200);
    const run = await env.until(runId, (view) => view.actions[0]?.status === 'cancelled');
    expect(run.status).toBe('cancelled');
    expect(run.actions.map((action) => action.name)).toEqual(['long']);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await expect(readFile(marker)).rejects.toThrow();
    const again = await fetch(`${env.server.url}/api/playbook/run/cancel/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${env.token}` } });
    expect(again.status).toBe(409);
  });
});

describe('applying a playbook', () => {
  it('refuses a spec the engine cannot run, with the path and reason', async () => {
    const response = await fetch(`${env.server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' },
      body: playbook('twice', `actions:\n  - name: a\n    exec: {script: 'true'}\n  - name: a\n    exec: {script: 'true'}`),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("'a' names an earlier action too");
  });
});

describe('starting a run', () => {
  let id: string;

  beforeAll(async () => {
    id = await env.apply(
      playbook(
        'scale',
        `configs:
  - types: [Kubernetes::Deployment]
    labelSelector: team=payments
parameters:
  - name: replicas
    required: true
    properties:
      format: number
      min: 1
      max: 10
  - name: name
    properties:
      format: dns1123
  - name: size
    type: list
    properties:
      options: [{label: Small, value: s}, {label: Large, value: l}]
actions:
  - name: echo
    exec:
      script: echo {{.params.replicas}}`,
      ),
    );
  });

  it('refuses parameters that break their rules, naming each', async () => {
    const { status, body } = await env.start({ id, config_id: configId, params: { replicas: '20', name: 'Not_DNS', size: 'xl', extra: 1 } });
    expect(status).toBe(400);
    expect(body.problems).toEqual([
      'replicas must be at most 10',
      "name must be lowercase letters, digits, '-' and '.' (a DNS-1123 name)",
      'size must be one of s, l',
      'extra is not a parameter of this playbook',
    ]);
    expect((await env.start({ id, config_id: configId, params: {} })).body.problems).toEqual(['replicas is required']);
  });

  it('refuses a resource its selectors do not pick, a missing one and an unknown playbook', async () => {
    const { rows } = await env.pool.query<{ id: string }>(`insert into configs (name, type, labels) values ('other', 'Kubernetes::Deployment', '{"team": "search"}') returning id`);
    expect(await env.start({ id, config_id: rows[0]!.id, params: { replicas: '2' } })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: "This config (other) does not match the playbook's configs selectors" }),
    });
    expect((await env.start({ id, params: { replicas: '2' } })).body.message).toBe('This playbook runs on a config: give config_id');
    expect((await env.start({ id, component_id: configId, params: { replicas: '2' } })).body.message).toBe('This playbook does not run on a component');
    expect((await env.start({ id, config_id: '00000000-0000-4000-8000-000000000000', params: { replicas: '2' } })).status).toBe(404);
    expect((await env.start({ id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('needs write on playbook runs, and records the caller as its creator whatever the body says', async () => {
    const viewer = await env.server.tokenFor(['viewer']);
    expect((await env.start({ id, config_id: configId, params: { replicas: '2' } }, viewer)).status).toBe(403);
    const { rows: people } = await env.pool.query<{ id: string }>(`insert into people (name, email) values ('Someone Else', 'else@example.com') returning id`);
    const { body } = await env.start({ id, config_id: configId, params: { replicas: '2' }, created_by: people[0]!.id });
    const run = await env.run(body.run_id!);
    expect(run.created_by).not.toBe(people[0]!.id);
    expect(run.created_by).toEqual(expect.any(String));
  });
});

describe('playbooks for a resource', () => {
  it('lists those whose selectors pick it and renders their templated defaults against it', async () => {
    const headers = { authorization: `Bearer ${env.token}` };
    const list = await fetch(`${env.server.url}/api/playbook/list?config_id=${configId}`, { headers });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { name: string }[]).map((playbook) => playbook.name)).toEqual(['restart-deployment', 'scale']);
    expect((await fetch(`${env.server.url}/api/playbook/list?check_id=${configId}`, { headers }).then((response) => response.json())) as unknown[]).toEqual([]);
    expect((await fetch(`${env.server.url}/api/playbook/list`, { headers })).status).toBe(400);

    const { rows } = await env.pool.query<{ id: string }>(`select id from playbooks where name = 'restart-deployment'`);
    const params = await fetch(`${env.server.url}/api/playbook/${rows[0]!.id}/params`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ config_id: configId }) });
    expect(params.status).toBe(200);
    expect(((await params.json()) as { params: { name: string; default?: unknown }[] }).params).toEqual([
      { name: 'reason', label: 'Reason', required: true },
      { name: 'replicas', default: '3' },
    ]);
  });
});
