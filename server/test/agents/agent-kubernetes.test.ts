import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servingCertificate } from '../support/kube-apiserver/certificate.js';
import { kubeconfigFor, startKubeApiServer, type KubeApiServer } from '../support/kube-apiserver/index.js';
import { resourceByKind } from '../support/kube-apiserver/resources.js';
import { restartableServe, type RestartableServe } from '../support/restartable-serve.js';
import { until } from '../support/until.js';

/**
 * An agent (`pharos serve` with PHAROS_UPSTREAM_URL and PHAROS_UPSTREAM_TOKEN) with `kubernetes.enabled`
 * on its upstream settings scrapes the cluster its own KUBECONFIG names every `interval`, follows it
 * between scrapes, and pushes the items upstream.
 * Without KUBECONFIG, an agent in a pod reaches its cluster with the pod's service account (its folder
 * given by PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR, the address by KUBERNETES_SERVICE_HOST/PORT).
 * No recorded answer is used: the cluster's namespace and deployment are written here
 * (server/test/support/kube-apiserver/README.md).
 */

const TOKEN = 'agent-cluster-token';
let cluster: KubeApiServer;
let upstream: RestartableServe;
let agent: RestartableServe;
let admin: string;
let agentId: string;
let dir: string;
let podAgent: RestartableServe | undefined;

async function generateAgent(name: string): Promise<{ id: string; access_token: string }> {
  const generated = await fetch(`${upstream.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, kubernetes: { enabled: true, interval: '1m' } }),
  });
  expect(generated.status).toBe(201);
  return (await generated.json()) as { id: string; access_token: string };
}

async function upstreamRows<T>(pathAndQuery: string): Promise<T[]> {
  const response = await fetch(`${upstream.url}/api/db/${pathAndQuery}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
}

beforeAll(async () => {
  cluster = await startKubeApiServer({
    token: TOKEN,
    objects: [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } },
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 1 }, status: { replicas: 1, readyReplicas: 1 } },
    ],
  });
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-agent-kube-'));
  await writeFile(path.join(dir, 'kubeconfig'), kubeconfigFor(cluster, TOKEN));
  upstream = await restartableServe(['serve']);
  await upstream.start();
  admin = await upstream.tokenFor(['admin']);
  const created = await generateAgent('edge-k8s');
  agentId = created.id;
  // `pharos serve` with the two variables is an agent too (agent-process.test.ts runs `pharos agent --upstream --token`).
  agent = await restartableServe(['serve'], {
    PHAROS_UPSTREAM_URL: upstream.url,
    PHAROS_UPSTREAM_TOKEN: created.access_token,
    PHAROS_AGENT_SYNC_INTERVAL_MS: '300',
    KUBECONFIG: path.join(dir, 'kubeconfig'),
  });
  await agent.start();
}, 240_000);

afterAll(async () => {
  await podAgent?.close();
  await agent?.close();
  await upstream?.close();
  await cluster?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type ConfigRow = { name: string; agent_id: string; config: { spec?: { replicas?: number } }; deleted_at: string | null };
const deploymentsUpstream = () => upstreamRows<ConfigRow>(`configs?select=name,agent_id,config,deleted_at&type=eq.Kubernetes::Deployment&agent_id=eq.${agentId}`);

describe("an agent's own cluster", () => {
  it('is scraped through the agent process\'s KUBECONFIG every interval, and upstream shows its items as the agent\'s', async () => {
    const [web] = await until(deploymentsUpstream, (rows) => rows.length === 1, { timeoutMs: 60_000, detail: async () => agent.output() });
    expect(web).toMatchObject({ name: 'web', agent_id: agentId, deleted_at: null, config: { spec: { replicas: 1 } } });
    expect(cluster.seen.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);

    const [scraper] = await upstreamRows<{ name: string; spec: Record<string, unknown> }>(`config_scrapers?select=name,spec&agent_id=eq.${agentId}&deleted_at=is.null`);
    expect(scraper).toMatchObject({ name: 'kubernetes', spec: { schedule: '@every 1m', kubernetes: [{ clusterName: 'edge-k8s' }] } });
    // Upstream holds which secret of the agent the kubeconfig is in, never its content.
    expect(JSON.stringify(scraper!.spec)).not.toContain(TOKEN);
  }, 120_000);

  it('follows the cluster between scrapes: a change reaches upstream without waiting for the interval', async () => {
    const deployment = cluster.store.get(resourceByKind('Deployment'), 'shop', 'web')!;
    cluster.store.put({ ...deployment, spec: { replicas: 4 } });
    const [web] = await until(deploymentsUpstream, (rows) => rows[0]?.config.spec?.replicas === 4, { timeoutMs: 30_000, detail: async () => agent.output() });
    expect(web?.deleted_at).toBeNull();
  }, 60_000);

  it('stops when upstream turns it off: the scraper and its items are deleted upstream too', async () => {
    const response = await fetch(`${upstream.url}/api/db/agents?id=eq.${agentId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kubernetes: { enabled: false, interval: '1m' } }),
    });
    expect(response.status, await response.text()).toBeLessThan(300);
    await until(deploymentsUpstream, (rows) => rows[0]?.deleted_at !== null, { timeoutMs: 30_000, detail: async () => agent.output() });
    const live = await upstreamRows<{ id: string }>(`config_scrapers?select=id&agent_id=eq.${agentId}&deleted_at=is.null`);
    expect(live).toEqual([]);
  }, 60_000);

  it("reaches its cluster through the pod's service account when it has no KUBECONFIG", async () => {
    const accountDir = path.join(dir, 'serviceaccount');
    await mkdir(accountDir);
    await writeFile(path.join(accountDir, 'token'), TOKEN);
    await writeFile(path.join(accountDir, 'ca.crt'), servingCertificate().cert);
    await writeFile(path.join(accountDir, 'namespace'), 'pharos');
    const created = await generateAgent('in-pod');
    const from = cluster.seen.length;
    const address = new URL(cluster.url);
    podAgent = await restartableServe(['serve'], {
      PHAROS_UPSTREAM_URL: upstream.url,
      PHAROS_UPSTREAM_TOKEN: created.access_token,
      PHAROS_AGENT_SYNC_INTERVAL_MS: '300',
      KUBERNETES_SERVICE_HOST: address.hostname,
      KUBERNETES_SERVICE_PORT: address.port,
      PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR: accountDir,
    });
    await podAgent.start();
    const rows = () => upstreamRows<ConfigRow>(`configs?select=name,agent_id,config,deleted_at&type=eq.Kubernetes::Deployment&agent_id=eq.${created.id}`);
    const [web] = await until(rows, (found) => found.length === 1, { timeoutMs: 60_000, detail: async () => podAgent!.output() });
    expect(web).toMatchObject({ name: 'web', agent_id: created.id, deleted_at: null });
    const requests = cluster.seen.slice(from);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
  }, 240_000);
});
