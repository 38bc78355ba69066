import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaybookActionLoop } from '../../src/agents/runtime/playbook-actions.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { startGitDaemon, type GitDaemon } from '../support/git-daemon.js';
import { TestSmtpServer } from '../support/smtp.js';
import { playbookTest, type RunView } from '../playbooks/helpers.js';
import { uniqueSuffix } from '../rest/helpers.js';

/**
 * Actions of every kind run on the agent `runsOn` names, through the agent loop and the server's own
 * runners: a notification mailed to an SMTP server on loopback through a connection upstream sends
 * with the action, a gitops commit pushed to a git daemon; `templatesOn: agent` leaves the templates
 * for the agent's own sandbox; `.agent` is the agent a run's config belongs to.
 */

const env = playbookTest();
const sfx = uniqueSuffix();
const edgeName = `kinds-edge-${sfx}`;
const smtp = new TestSmtpServer({ users: { mailer: 'mail-pass' } });
let edge: string;
let edgeId: string;
let dir: string;
let bare: string;
let daemon: GitDaemon;

/** The agent's sandbox, a real one, telling which templates it rendered. */
class WatchedSandbox extends ExpressionSandbox {
  readonly rendered: string[] = [];

  override renderTemplate(...args: Parameters<ExpressionSandbox['renderTemplate']>): Promise<string> {
    this.rendered.push(args[0]);
    return super.renderTemplate(...args);
  }
}
let agentSandbox: WatchedSandbox;

interface RunWithAgents extends RunView {
  actions: (RunView['actions'][number] & { agent: { id: string; name: string } | null })[];
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', env: { ...process.env, HOME: dir } }).trim();
const take = (wait = 0) => fetch(`${env.server.url}/api/agent/playbook/action?wait=${wait}`, { headers: { authorization: `Bearer ${edge}` } });
const report = (id: string, body: unknown) =>
  fetch(`${env.server.url}/api/agent/playbook/action/${id}/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${edge}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function run(yaml: string, body: Record<string, unknown> = {}): Promise<string> {
  const id = await env.apply(yaml);
  const started = await env.start({ id, ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return started.body.run_id!;
}

/** Runs `work` while the edge agent's loop takes and runs its actions. */
async function withAgentLoop<T>(work: () => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const loop = startPlaybookActionLoop({ upstreamUrl: env.server.url, token: edge, signal: stop.signal, sandbox: agentSandbox, secrets: new ServerSecrets(Buffer.alloc(32, 9)), pollWaitSeconds: 1, heartbeatMs: 200 });
  try {
    return await work();
  } finally {
    stop.abort();
    await loop;
  }
}

beforeAll(async () => {
  agentSandbox = new WatchedSandbox();
  await smtp.start();
  const generated = await fetch(`${env.server.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: edgeName }),
  });
  expect(generated.status).toBe(201);
  edge = ((await generated.json()) as { access_token: string }).access_token;
  edgeId = (await env.pool.query<{ id: string }>('SELECT id FROM agents WHERE name = $1', [edgeName])).rows[0]!.id;
  const saved = await fetch(`${env.server.url}/api/connections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `mailer-${sfx}`,
      namespace: 'default',
      type: 'email',
      username: 'mailer',
      password: 'mail-pass',
      properties: { host: '127.0.0.1', port: String(smtp.port), from: 'pharos@example.com', to: 'edge-oncall@example.com', encryptionMethod: 'None', authMethod: 'Plain' },
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(201);

  dir = await mkdtemp(path.join(tmpdir(), 'pharos-agent-gitops-'));
  bare = path.join(dir, 'infra.git');
  const work = path.join(dir, 'work');
  git('init', '--quiet', '--bare', '--initial-branch=main', bare);
  git('init', '--quiet', '--initial-branch=main', work);
  await writeFile(path.join(work, 'deploy.yaml'), 'kind: Deployment\nspec:\n  replicas: 2\n');
  git('-C', work, 'add', '.');
  git('-C', work, '-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'first');
  git('-C', work, 'push', '--quiet', bare, 'main');
  daemon = await startGitDaemon(dir);
});

afterAll(async () => {
  await smtp.close();
  await daemon?.stop();
  await agentSandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('an action of any kind with runsOn', () => {
  it('mails a notification from the agent through the connection it names, sent with the action', async () => {
    const runId = await run(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: notify-from-edge-${sfx}
spec:
  runsOn: [${edgeName}]
  parameters:
    - name: what
      default: disk full
  actions:
    - name: mail
      notification:
        connection: connection://default/mailer-${sfx}
        title: "Edge ${sfx}: {{.params.what}}"
        message: "{{.playbook.name}} says {{.params.what}}"`);
    await env.until(runId, (view) => view.actions[0]?.status === 'waiting');
    const done = (await withAgentLoop(() => env.until(runId))) as RunWithAgents;
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]).toMatchObject({ status: 'completed', agent: { name: edgeName }, result: { channel: 'email', title: `Edge ${sfx}: disk full` } });
    const mail = smtp.mails.find((entry) => entry.subject === `Edge ${sfx}: disk full`);
    expect(mail?.to).toEqual(['edge-oncall@example.com']);
    expect(mail?.text).toContain(`notify-from-edge-${sfx} says disk full`);
  });

  it('commits and pushes a gitops change from the agent', async () => {
    const runId = await run(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: gitops-from-edge-${sfx}
spec:
  actions:
    - name: scale
      runsOn: [${edgeName}]
      gitops:
        repo:
          url: ${daemon.url}/infra.git
          branch: edge-${sfx}
        commit:
          author: Edge Bot
          email: edge@example.com
          message: "Scale from {{.playbook.name}}"
        patches:
          - path: deploy.yaml
            yq: .spec.replicas = 4`);
    const done = (await withAgentLoop(() => env.until(runId))) as RunWithAgents;
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]).toMatchObject({ agent: { name: edgeName }, result: { branch: `edge-${sfx}`, committed: true, changed: ['deploy.yaml'] } });
    expect(git('--git-dir', bare, 'log', '-1', '--format=%an %s', `edge-${sfx}`)).toBe(`Edge Bot Scale from gitops-from-edge-${sfx}`);
    expect(git('--git-dir', bare, 'show', `edge-${sfx}:deploy.yaml`)).toContain('replicas: 4');
  });
});

describe('templatesOn: agent', () => {
  const playbook = (name: string, script: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  runsOn: [${edgeName}]
  templatesOn: agent
  parameters:
    - name: who
      default: ops
    - name: pin
      type: secret
      default: "4321"
    - name: unused
      type: secret
      default: never-sent
  actions:
    - name: greet
      exec:
        script: ${script}`;

  it('sends the templates unrendered with what they see, secrets only when the action names them', async () => {
    const runId = await run(playbook(`raw-${sfx}`, 'echo "{{ .params.who }} {{ .params.pin }}"'));
    const taken = await take(20);
    expect(taken.status).toBe(200);
    const text = await taken.text();
    const action = JSON.parse(text) as { id: string; templates_on: string; spec: { script: string }; template_env: { params: Record<string, unknown>; run: { id: string } } };
    expect(action.templates_on).toBe('agent');
    expect(action.spec.script).toBe('echo "{{ .params.who }} {{ .params.pin }}"');
    expect(action.template_env.params).toEqual({ who: 'ops', pin: '4321', unused: '[REDACTED]' });
    expect(action.template_env.run.id).toBe(runId);
    expect(text).not.toContain('never-sent');
    expect((await report(action.id, { status: 'completed', result: {} })).status).toBe(200);
  });

  it("renders on the agent, in the agent's own sandbox", async () => {
    const template = `echo "hello {{ .params.who }} from {{ .playbook.name }}"`;
    const runId = await run(playbook(`on-agent-${sfx}`, template));
    const done = await withAgentLoop(() => env.until(runId));
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]!.result).toMatchObject({ stdout: `hello ops from on-agent-${sfx}` });
    expect(agentSandbox.rendered).toContain(template);
  });

  it('fails with the reason when the connection is named by a template, which upstream cannot send', async () => {
    const runId = await run(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: templated-connection-${sfx}
spec:
  parameters:
    - name: channel
      default: mailer-${sfx}
  actions:
    - name: mail
      runsOn: [${edgeName}]
      templatesOn: agent
      notification:
        connection: "connection://default/{{.params.channel}}"
        message: hello`);
    const done = await withAgentLoop(() => env.until(runId));
    expect(done.status).toBe('failed');
    expect(done.actions[0]!.error).toBe(
      `the connection connection://default/mailer-${sfx} did not come with the action: upstream sends the connections an action's fields name, and cannot know one named by a template rendered on the agent (name it without a template, or use templatesOn: host)`,
    );
  });

  it('is refused when it is neither host nor agent', async () => {
    const response = await fetch(`${env.server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: bad-templates-on-${sfx}
spec:
  actions:
    - name: a
      templatesOn: edge
      exec:
        script: "true"`,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/templatesOn/);
  });
});

describe("a run on a config of an agent's", () => {
  let configId: string;
  beforeAll(async () => {
    const { rows } = await env.pool.query<{ id: string }>(
      `insert into configs (name, type, config_class, config, agent_id) values ($1, 'Edge::Node', 'Node', '{}', $2) returning id`,
      [`node-${sfx}`, edgeId],
    );
    configId = rows[0]!.id;
  });

  const playbook = (name: string, runsOn: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  configs:
    - types: [Edge::Node]
  ${runsOn}
  actions:
    - name: where
      exec:
        script: echo "{{ .config.name }} of {{ .agent.name }}"`;

  it("runs on the config's agent when runsOn names .agent, as mission-control's templates do", async () => {
    const runId = await run(playbook(`to-resource-agent-${sfx}`, "runsOn: ['{{ .agent.name }}']"), { config_id: configId });
    const waiting = (await env.until(runId, (view) => view.actions[0]?.status === 'waiting')) as RunWithAgents;
    expect(waiting.actions[0]!.agent).toEqual({ id: edgeId, name: edgeName });
    const done = await withAgentLoop(() => env.until(runId));
    expect(done.actions[0]!.result).toMatchObject({ stdout: `node-${sfx} of ${edgeName}` });
  });

  it('runs here without runsOn, as in mission-control', async () => {
    const runId = await run(playbook(`stays-upstream-${sfx}`, ''), { config_id: configId });
    const done = (await env.until(runId)) as RunWithAgents;
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]).toMatchObject({ agent: null, result: { stdout: `node-${sfx} of ${edgeName}` } });
  });
});
