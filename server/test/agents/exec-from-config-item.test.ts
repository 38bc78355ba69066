import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaybookActionLoop } from '../../src/agents/runtime/playbook-actions.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { kubeconfigFor, startKubeApiServer, type KubeApiServer } from '../support/kube-apiserver/index.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';
import { playbookTest, type RunView } from '../playbooks/helpers.js';
import { uniqueSuffix } from '../rest/helpers.js';

/**
 * mission-control's rule: an exec action with no `runsOn` whose `connections.fromConfigItem` names a
 * config item of an agent runs on that agent, which reads the item's cluster credentials from its own
 * database (upstream holds the item, pushed by the agent, but not the scraper's kubeconfig).
 */

const env = playbookTest();
const sfx = uniqueSuffix();
const edgeName = `cluster-edge-${sfx}`;
let edge: string;
let edgeId: string;
let cluster: KubeApiServer;
let agentDatabase: FreshDatabase;
let agentPool: pg.Pool;
let agentSandbox: ExpressionSandbox;
let edgeItem: string;
let localItem: string;

interface RunWithAgents extends RunView {
  actions: (RunView['actions'][number] & { agent: { id: string; name: string } | null })[];
}

async function run(yaml: string, body: Record<string, unknown>): Promise<string> {
  const id = await env.apply(yaml);
  const started = await env.start({ id, ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return started.body.run_id!;
}

/** Runs `work` while the edge agent's loop, over the agent's own database, takes and runs its actions. */
async function withAgentLoop<T>(work: () => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const loop = startPlaybookActionLoop({
    upstreamUrl: env.server.url,
    token: edge,
    signal: stop.signal,
    sandbox: agentSandbox,
    secrets: new ServerSecrets(Buffer.alloc(32, 7)),
    pool: agentPool,
    pollWaitSeconds: 1,
    heartbeatMs: 200,
  });
  try {
    return await work();
  } finally {
    stop.abort();
    await loop;
  }
}

const playbook = (name: string, runsOn = '') => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  configs:
    - types: [Kubernetes::Deployment]
  ${runsOn}
  actions:
    - name: which-cluster
      exec:
        script: |
          if [ -n "$KUBECONFIG" ]; then kubectl get deployment web -o jsonpath='{.metadata.labels.cluster}'; else echo no cluster; fi
        connections:
          fromConfigItem: "{{.config.id}}"`;

beforeAll(async () => {
  agentSandbox = new ExpressionSandbox();
  cluster = await startKubeApiServer({
    token: 'edge-token',
    objects: [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } },
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', labels: { cluster: 'edge' } }, spec: { replicas: 1 }, status: { replicas: 1 } },
    ],
  });
  const generated = await fetch(`${env.server.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: edgeName }),
  });
  expect(generated.status).toBe(201);
  edge = ((await generated.json()) as { access_token: string }).access_token;
  edgeId = (await env.pool.query<{ id: string }>('SELECT id FROM agents WHERE name = $1', [edgeName])).rows[0]!.id;

  // The agent's own installation: the scraper that read the item, with the cluster's kubeconfig.
  agentDatabase = await freshDatabase();
  agentPool = new pg.Pool({ connectionString: agentDatabase.url, max: 2 });
  const scraper = await agentPool.query<{ id: string }>(`INSERT INTO config_scrapers (name, spec) VALUES ('edge-cluster', $1) RETURNING id`, [
    JSON.stringify({ kubernetes: [{ clusterName: 'edge', kubeconfig: { value: kubeconfigFor(cluster, 'edge-token', 'shop') } }] }),
  ]);
  const item = await agentPool.query<{ id: string }>(`INSERT INTO configs (name, type, config_class, config, scraper_id) VALUES ('web', 'Kubernetes::Deployment', 'Deployment', '{}', $1) RETURNING id`, [scraper.rows[0]!.id]);
  edgeItem = item.rows[0]!.id;
  // Upstream: the same item as the agent pushed it, and an item of upstream's own.
  await env.pool.query(`INSERT INTO configs (id, name, type, config_class, config, agent_id) VALUES ($1, 'web', 'Kubernetes::Deployment', 'Deployment', '{}', $2)`, [edgeItem, edgeId]);
  localItem = (await env.pool.query<{ id: string }>(`INSERT INTO configs (name, type, config_class, config) VALUES ('web', 'Kubernetes::Deployment', 'Deployment', '{}') RETURNING id`)).rows[0]!.id;
});

afterAll(async () => {
  await agentPool?.end();
  await agentDatabase?.drop();
  await cluster?.close();
  await agentSandbox?.close();
});

describe('an exec action whose connections.fromConfigItem names a config item', () => {
  it("runs on the item's agent, which reaches the item's cluster with the credentials it holds", async () => {
    const runId = await run(playbook(`from-edge-item-${sfx}`), { config_id: edgeItem });
    const waiting = (await env.until(runId, (view) => view.actions[0]?.status === 'waiting')) as RunWithAgents;
    expect(waiting.actions[0]!.agent).toEqual({ id: edgeId, name: edgeName });
    const done = (await withAgentLoop(() => env.until(runId))) as RunWithAgents;
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]).toMatchObject({ agent: { id: edgeId, name: edgeName }, result: { stdout: 'edge' } });
    expect(cluster.seen.some((request) => request.path.startsWith('/apis/apps/v1/namespaces/shop/deployments/web') && request.authorization === 'Bearer edge-token')).toBe(true);
  });

  it("runs here when the item is upstream's own", async () => {
    const runId = await run(playbook(`from-local-item-${sfx}`), { config_id: localItem });
    const done = (await env.until(runId)) as RunWithAgents;
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]).toMatchObject({ agent: null, result: { stdout: 'no cluster' } });
  });

  it('runs where runsOn says when the playbook names one, as mission-control leaves an explicit agent alone', async () => {
    const runId = await run(playbook(`from-edge-item-local-${sfx}`, 'runsOn: [local]'), { config_id: edgeItem });
    const done = (await env.until(runId)) as RunWithAgents;
    expect(done.status, JSON.stringify(done.actions)).toBe('completed');
    expect(done.actions[0]).toMatchObject({ agent: null, result: { stdout: 'no cluster' } });
  });
});
