import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { notificationTest } from '../notifications/helpers.js';
import type { RunView } from '../playbooks/helpers.js';
import { startRecorder, type Recorder } from './support/recorder.js';
import { TEST_SECRETS } from '../support/server.js';
import { Ledger } from './support/ledger.js';

/**
 * mission-control's example Playbooks and Notifications (its fixtures/, copied in
 * fixtures/mission-control, see the README there), applied through POST /api/apply: playbooks run
 * on the engine (POST /api/playbook/run, or their webhook) with exec and http actions against
 * loopback, and their runs must end as mission-control's do; a notification's default message is
 * rendered and delivered to the team's channel (a Slack-compatible service on loopback).
 */

const FIXTURES = fileURLToPath(new URL('./fixtures/mission-control/', import.meta.url));
const env = notificationTest();
const ledger = new Ledger('mission-control fixtures');
let recorder: Recorder;

interface Example {
  file: string;
  change?: string;
  rewrite?: (yaml: string) => string;
  /** Applies and runs it; answers how it differs from what mission-control documents. */
  check?: (applied: string[]) => Promise<string[]>;
  expectedGap?: string;
  unsupported?: string;
  skip?: string;
}

async function start(body: Record<string, unknown>): Promise<RunView> {
  const started = await env.call('POST', '/api/playbook/run', body);
  if (started.status !== 201 && started.status !== 200) throw new Error(`POST /api/playbook/run answered ${started.status}: ${JSON.stringify(started.body)}`);
  return waitForRun((started.body as { run_id: string }).run_id);
}

async function waitForRun(id: string): Promise<RunView> {
  return env.until(
    async () => (await env.call('GET', `/api/playbook/run/${id}`)).body as RunView,
    (run) => ['completed', 'failed', 'cancelled'].includes(run.status),
  );
}

/** How a run's status and its actions' differ from the expected ones. */
function runDiffers(run: RunView, status: string, actions: Array<[string, string]>): string[] {
  const found: string[] = [];
  if (run.status !== status) found.push(`run ${run.status}${run.error ? ` (${run.error})` : ''}, expected ${status}`);
  const actual = run.actions.map((action) => `${action.name}: ${action.status}`);
  const wanted = actions.map(([name, state]) => `${name}: ${state}`);
  if (JSON.stringify(actual) !== JSON.stringify(wanted)) found.push(`actions ${actual.join(', ')}, expected ${wanted.join(', ')}`);
  return found;
}

const stdoutOf = (run: RunView, action: string): unknown => run.actions.find((candidate) => candidate.name === action)?.result?.['stdout'];

const EXAMPLES: Example[] = [
  {
    file: 'playbooks/action-duration.yaml',
    check: async ([id]) => {
      const run = await start({ id, params: {} });
      const found = runDiffers(run, 'completed', [['log retention window', 'completed']]);
      // mission-control hands a duration parameter to templates as a time.Duration (playbook/runner/template.go), which Go prints as 15m0s.
      if (stdoutOf(run, 'log retention window') !== '15m0s') found.push(`stdout ${JSON.stringify(stdoutOf(run, 'log retention window'))}, expected the default 15m as Go prints it (15m0s)`);
      return found;
    },
  },
  {
    file: 'playbooks/delayed-exec.yaml',
    check: async ([id]) =>
      runDiffers(await start({ id, params: {} }), 'completed', [
        ['start', 'completed'],
        ['Failure', 'skipped'],
        ['Always', 'completed'],
        ['Success', 'completed'],
        ['Delay', 'skipped'],
      ]),
  },
  {
    file: 'playbooks/conditions-fail.yaml',
    check: async ([id]) => {
      const run = await start({ id, params: { delay: '1s' } });
      const found = runDiffers(run, 'failed', [
        ['start', 'failed'],
        ['Failure', 'completed'],
        ['Always', 'completed'],
        ['Success', 'skipped'],
        ['Delay', 'skipped'],
      ]);
      if (stdoutOf(run, 'Failure') !== 'Failed') found.push(`Failure wrote ${JSON.stringify(stdoutOf(run, 'Failure'))}`);
      return found;
    },
  },
  {
    file: 'playbooks/webhook-get.yaml',
    change: 'called as its comment says (GET …/playbook/webhook/{path}?name=world), at Pharos\'s API path /api/playbook/webhook/{path}',
    check: async () => {
      const response = await fetch(`${env.server.url}/api/playbook/webhook/hello-webhook?name=world`);
      if (response.status >= 300) return [`GET /api/playbook/webhook/hello-webhook answered ${response.status}: ${await response.text()}`];
      const { rows } = await env.pool.query<{ id: string }>("select r.id from playbook_runs r join playbooks p on p.id = r.playbook_id where p.name = 'webhook-get-hello'");
      if (rows.length !== 1) return [`${rows.length} runs`];
      const run = await waitForRun(rows[0]!.id);
      const found = runDiffers(run, 'completed', [['Echo name', 'completed']]);
      if (stdoutOf(run, 'Echo name') !== 'Hello world') found.push(`stdout ${JSON.stringify(stdoutOf(run, 'Echo name'))}, expected Hello world`);
      return found;
    },
  },
  {
    file: 'playbooks/http.yaml',
    change: 'https://webhook.site/… → a recording HTTP server on loopback; run on a component of type KubernetesCluster made for it',
    rewrite: (yaml) => yaml.replace('https://webhook.site/9f1392a6-718a-4ef5-a8e2-bfb55b08afca', `${recorder.url}/component-status`),
    check: async ([id]) => {
      const { rows } = await env.pool.query<{ id: string }>("insert into components (name, type, status) values ('prod-eu', 'KubernetesCluster', 'healthy') returning id");
      const run = await start({ id, component_id: rows[0]!.id });
      const found = runDiffers(run, 'completed', [['Post a message to webhook', 'completed']]);
      const sent = recorder.requests.find((request) => request.url === '/component-status');
      if (!sent) return [...found, 'nothing was posted'];
      if (sent.method !== 'POST') found.push(`method ${sent.method}`);
      if (sent.headers['x-postgres-user'] !== 'admin@local' || sent.headers['x-flanksource-token'] !== 'secret123') found.push(`headers ${JSON.stringify(sent.headers)}`);
      try {
        const body = JSON.parse(sent.body) as unknown;
        if (JSON.stringify(body) !== JSON.stringify({ component: { name: 'prod-eu', status: 'healthy' } })) found.push(`body ${sent.body}`);
      } catch {
        found.push(`body is not JSON: ${sent.body}`);
      }
      return found;
    },
  },
  {
    file: 'playbooks/http-secret-parameter.yaml',
    change: 'https://webhook.site/… → a recording HTTP server on loopback',
    rewrite: (yaml) => yaml.replace('https://webhook.site/4497113a-2d88-490d-ab91-c3c19bf035d7', `${recorder.url}/storage-alert`),
    check: async ([id]) => {
      const run = await start({ id, params: { issueDetails: 'bucket backups-eu refuses writes' } });
      const found = runDiffers(run, 'completed', [['send-alert', 'completed']]);
      const sent = recorder.requests.find((request) => request.url === '/storage-alert');
      if (!sent?.body.includes('"details": "bucket backups-eu refuses writes"')) found.push(`posted ${JSON.stringify(sent?.body)}, expected the secret parameter in details`);
      return found;
    },
  },
  {
    file: 'playbooks/exec-artifact.yaml',
    check: async ([id]) => {
      const { rows } = await env.pool.query<{ id: string }>(`insert into configs (name, type, config_class, labels, config) values ('i-0abc', 'EC2 Instance', 'VirtualMachine', '{"telemetry": "enabled"}', '{}') returning id`);
      const run = await start({ id, config_id: rows[0]!.id });
      const found = runDiffers(run, 'completed', [['Generate artifact', 'completed']]);
      const artifacts = (run.actions[0]?.result?.['artifacts'] ?? []) as Array<{ path: string; content?: string }>;
      if (!artifacts.some((artifact) => artifact.path.endsWith('output.txt') && artifact.content === 'hello world\n')) found.push(`artifacts ${JSON.stringify(artifacts)}, expected /tmp/output.txt with hello world`);
      return found;
    },
  },
  { file: 'playbooks/env-secrets.yaml', skip: 'its env is a Kubernetes Secret (secret-website), and it calls a site on localhost:80' },
  { file: 'playbooks/exec-filter.yaml', skip: 'runs notify-send, a desktop program that is not here' },
  { file: 'playbooks/exec-default-parameter.yaml', skip: 'runs notify-send, a desktop program that is not here' },
  {
    file: 'notifications/health-check.yaml',
    change: 'its team backend made here, with a Slack channel (a Slack-compatible service on loopback) as the team\'s notification channel; an http check of a canary passes',
    check: async ([notificationId]) => {
      const made = await env.call('POST', '/api/connections', { name: 'backend-slack', namespace: 'default', type: 'slack', url: env.channels.url, username: '#backend', password: env.slackToken });
      if (made.status !== 201) return [`the connection was refused: ${JSON.stringify(made.body)}`];
      // The notification names the team: the team must hold the channel before the event is sent.
      await env.pool.query(`update teams set spec = jsonb_build_object('notifications', jsonb_build_array(jsonb_build_object('connection', 'connection://default/backend-slack'))) where name = 'backend'`);
      const [canaryId] = await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: backend-health, namespace: default}
spec:
  schedule: "@every 1h"
  http:
    - name: orders-api
      url: ${recorder.url}/healthz
`);
      await syncCanary(env.pool, canaryId!);
      await runCanary({ pool: env.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId: canaryId! }, AbortSignal.timeout(30_000));
      const sends = await env.until(() => env.sends(notificationId!), (rows) => rows.some((row) => row.status === 'sent' || row.status === 'failed'), 15_000);
      const found: string[] = [];
      // mission-control's default title of check.passed: "Check {name} has passed".
      if (sends[0]!.title !== 'Check orders-api has passed') found.push(`title «${sends[0]!.title}», expected «Check orders-api has passed»`);
      const slack = env.channels.on('/api/chat.postMessage');
      if (!slack.some((request) => request.body['channel'] === '#backend' && String(request.body['text']).includes('Check orders-api has passed'))) found.push(`slack got ${JSON.stringify(slack.map((request) => request.body))}`);
      return found;
    },
  },
  { file: 'notifications/config-health.yaml', skip: 'waits 2m (waitFor) before it sends, and sends to a Slack connection upstream\'s setup makes' },
];

beforeAll(async () => {
  recorder = await startRecorder();
  // mission-control's examples name a team backend.
  await env.pool.query("insert into teams (name) values ('backend')");
});

afterAll(async () => {
  console.log(`${ledger.report()}\n${ledger.addToRun(inject('testRunId'))}`);
  await recorder?.close();
});

/** The share measured when the suite was written; the report this file prints says what keeps it below 98 %. */
const MINIMUM_RATE = 100;

describe("mission-control's example playbooks and notifications", () => {
  it.concurrent.each(EXAMPLES.map((example) => [example.file, example] as const))('%s behaves as in mission-control', async (file, example) => {
    if (example.skip) return ledger.record(file, 'skipped', example.skip);
    const yaml = await readFile(`${FIXTURES}${file}`, 'utf8');
    let mismatches: string[];
    const applied = await fetch(`${env.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' }, body: example.rewrite ? example.rewrite(yaml) : yaml });
    if (applied.status !== 200) mismatches = [`apply answered ${applied.status}: ${await applied.text()}`];
    else mismatches = await example.check!(((await applied.json()) as { resources: { id: string }[] }).resources.map((resource) => resource.id));
    const marker = example.expectedGap ?? example.unsupported;
    if (mismatches.length === 0) return ledger.record(file, 'conforms', marker ? `now behaves as upstream: drop its marker (${marker})` : undefined);
    if (example.expectedGap) return ledger.record(file, 'gap', `${example.expectedGap} — ${mismatches.join('; ')}`);
    ledger.record(file, 'fails', `${example.unsupported ? `unsupported: ${example.unsupported} — ` : ''}${mismatches.join('; ')}`);
    if (!example.unsupported) expect(mismatches).toEqual([]);
  });

  it('has an entry for every example copied in its folder', () => {
    const copied = ['playbooks', 'notifications'].flatMap((folder) => readdirSync(`${FIXTURES}${folder}`).map((file) => `${folder}/${file}`));
    expect(EXAMPLES.map((example) => example.file).sort()).toEqual(copied.sort());
  });

  it('behave as upstream in at least the measured share of the examples whose systems exist here', () => {
    // Every example was judged before the rate is read (the examples run concurrently, this test after them).
    expect(ledger.size).toBe(EXAMPLES.length);
    expect(ledger.rate().percent).toBeGreaterThanOrEqual(MINIMUM_RATE);
  });
});
