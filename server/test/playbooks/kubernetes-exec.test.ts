import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { setStoredValue } from '../../src/secret-store/store.js';
import { kubeconfigFor, startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import { resourceByKind } from '../support/kube-apiserver/resources.js';
import { TEST_SECRETS } from '../support/server.js';
import { playbookTest } from './helpers.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/mission-control/${name}`, import.meta.url), 'utf8');
const indent = (text: string, spaces: number) => text.split('\n').map((line) => `${' '.repeat(spaces)}${line}`).join('\n');

/**
 * Playbook exec actions running the real kubectl against two stand-in API servers. No recorded
 * answer is used: the clusters' objects are written here (server/test/support/kube-apiserver/README.md); the playbooks are
 * mission-control's examples (fixtures/mission-control/README.md).
 */
const test = playbookTest();

const shop = (cluster: string): KubeObject[] => [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', labels: { cluster } }, spec: { replicas: 1 }, status: { replicas: 1, readyReplicas: 1 } },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${cluster}`, namespace: 'shop' }, spec: { containers: [{ name: 'web', image: 'nginx' }] }, status: { phase: 'Running' } },
];

let clusterA: KubeApiServer;
let clusterB: KubeApiServer;
const deploymentIds: Record<string, string> = {};

/** Cluster A's kubeconfig with cluster B as a second, not current, context (reached with A's token). */
function twoContexts(): string {
  const a = kubeconfigFor(clusterA, 'token-a');
  return a.replace('clusters:\n', `clusters:\n- name: other\n  cluster:\n    server: ${clusterB.url}\n    insecure-skip-tls-verify: true\n`).replace('contexts:\n', 'contexts:\n- name: other\n  context:\n    cluster: other\n    user: tester\n');
}

type StoredDeployment = { spec: { replicas: number; template?: { metadata?: { annotations?: Record<string, string> } } } };
const deploymentOf = (cluster: KubeApiServer) => cluster.store.get(resourceByKind('Deployment'), 'shop', 'web') as unknown as StoredDeployment;

async function scrape(name: string, access: string): Promise<void> {
  await test.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  kubernetes:
    - clusterName: ${name}
      watch: false
${access}`);
  const { rows } = await test.pool.query<{ id: string }>('select id from config_scrapers where name = $1 and deleted_at is null', [name]);
  const run = await runScraper({ pool: test.pool, secrets: TEST_SECRETS }, rows[0]!.id, AbortSignal.timeout(30_000));
  expect(run.errors).toEqual([]);
  const { rows: deployments } = await test.pool.query<{ id: string }>("select id from configs where scraper_id = $1 and type = 'Kubernetes::Deployment' and name = 'web'", [rows[0]!.id]);
  deploymentIds[name] = deployments[0]!.id;
}

async function runPlaybook(id: string, body: Record<string, unknown> = {}) {
  const started = await test.start({ id, ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return test.until(started.body.run_id!);
}

beforeAll(async () => {
  clusterA = await startKubeApiServer({ token: 'token-a', objects: shop('a'), forbidden: [{ resource: 'pods', verb: 'list', namespace: 'kube-system' }], user: 'system:serviceaccount:pharos:runner' });
  clusterB = await startKubeApiServer({ token: 'token-b', objects: shop('b') });
  await test.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: cluster-a
spec:
  kubernetes:
    certificate:
      value: |
${indent(twoContexts(), 8)}
`);
  await setStoredValue(test.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'cluster-b', key: 'kubeconfig' }, kubeconfigFor(clusterB, 'token-b'));
  await scrape('cluster-a', '      connection: connection://default/cluster-a');
  await scrape('cluster-b', '      kubeconfig:\n        valueFrom:\n          secretKeyRef: {name: cluster-b, key: kubeconfig}');
  clusterB.seen.length = 0;
});

afterAll(async () => {
  await clusterA?.close();
  await clusterB?.close();
});

describe('exec with a kubernetes connection', () => {
  it('gives kubectl in the script a kubeconfig for the named cluster alone, readable only by the run user and removed after', async () => {
    const id = await test.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: pods-of-a
spec:
  actions:
    - name: pods
      exec:
        connections:
          kubernetes:
            connection: connection://default/cluster-a
        script: kubectl get pods -n shop -o json
    - name: file
      exec:
        connections:
          kubernetes:
            connection: connection://default/cluster-a
        script: |
          stat -c '%a %U' "$KUBECONFIG"
          echo "$KUBECONFIG"
          kubectl config get-contexts -o name
    - name: other context
      exec:
        connections:
          kubernetes:
            connection: connection://default/cluster-a
        script: kubectl --context other get pods -n shop
`);
    const run = await runPlaybook(id);
    const [pods, file, other] = run.actions;
    expect(pods).toMatchObject({ status: 'completed' });
    const listed = JSON.parse(String(pods!.result!['stdout'])) as { items: Array<{ metadata: { name: string } }> };
    expect(listed.items.map((item) => item.metadata.name)).toEqual(['web-a']);
    expect(clusterA.seen.some((request) => request.path.startsWith('/api/v1/namespaces/shop/pods') && request.authorization === 'Bearer token-a')).toBe(true);

    const [mode, path, ...contexts] = String(file!.result!['stdout']).split('\n');
    expect(mode).toMatch(/^600 pharos-exec-\d+$/);
    expect(contexts).toEqual(['stand-in']);
    expect(() => readFileSync(path!)).toThrow(/ENOENT/);

    expect(other).toMatchObject({ status: 'failed' });
    expect(other!.error).toMatch(/context "other" (was not found|does not exist)/);
    expect(clusterB.seen).toEqual([]);
  });

  it('takes the kubeconfig from a secret, and shows an RBAC refusal as the action failing with the API server\'s message', async () => {
    const id = await test.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: secret-and-forbidden
spec:
  actions:
    - name: from secret
      exec:
        connections:
          kubernetes:
            kubeconfig:
              valueFrom:
                secretKeyRef: {name: cluster-b, key: kubeconfig}
        script: kubectl get deployments -n shop -o name
    - name: forbidden
      exec:
        connections:
          kubernetes:
            connection: connection://default/cluster-a
        script: kubectl get pods -n kube-system
`);
    const run = await runPlaybook(id);
    expect(run.actions[0]).toMatchObject({ status: 'completed', result: { stdout: 'deployment.apps/web' } });
    expect(run.actions[1]).toMatchObject({ status: 'failed' });
    expect(run.actions[1]!.error).toContain('pods is forbidden: User "system:serviceaccount:pharos:runner" cannot list resource "pods" in API group "" in the namespace "kube-system"');
    expect(String(run.actions[1]!.result!['stderr'])).toContain('Error from server (Forbidden)');
  });

  it('refuses a connection that does not exist and a fromConfigItem that is no id, saying so', async () => {
    const id = await test.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: missing-connection
spec:
  actions:
    - name: nothing
      exec:
        connections:
          kubernetes:
            connection: connection://default/no-such
        script: kubectl get pods
`);
    const run = await runPlaybook(id);
    expect(run.actions[0]).toMatchObject({ status: 'failed' });
    expect(run.actions[0]!.error).toMatch(/^connections\.kubernetes: .*no-such/);

    const notAnId = await test.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: not-an-id
spec:
  actions:
    - name: not an id
      exec:
        connections:
          fromConfigItem: web
        script: kubectl get pods
`);
    expect((await runPlaybook(notAnId)).actions[0]).toMatchObject({ status: 'failed', error: "connections.fromConfigItem is not a config item's id: web" });
  });
});

describe("mission-control's examples, applied unchanged", () => {
  it('connection-from-scraper: fromConfigItem reaches the cluster the config item was scraped from', async () => {
    const id = await test.apply(fixture('connection-from-scraper.yaml'));
    const run = await runPlaybook(id, { config_id: deploymentIds['cluster-b'] });
    expect(run.actions[0], run.actions[0]?.error ?? '').toMatchObject({ status: 'completed' });
    // The example lists the kubeconfig's own namespace (default), where cluster B has no deployment.
    expect(String(run.actions[0]!.result!['stderr'])).toContain('No resources found in default namespace.');
    expect(clusterB.seen.some((request) => request.path.startsWith('/apis/apps/v1/namespaces/default/deployments') && request.authorization === 'Bearer token-b')).toBe(true);
    expect(clusterB.seen.every((request) => request.authorization === 'Bearer token-b')).toBe(true);
    expect(clusterA.seen.some((request) => request.authorization === 'Bearer token-b')).toBe(false);
  });

  it('kubectl: `rollout restart` patches the deployment with the restartedAt annotation (a strategic merge patch)', async () => {
    const id = await test.apply(fixture('kubectl.yaml'));
    const run = await runPlaybook(id, { config_id: deploymentIds['cluster-a'], params: { command: 'rollout restart deployment/web -n shop' } });
    expect(run.actions[0], run.actions[0]?.error ?? '').toMatchObject({ status: 'completed', result: { stdout: 'deployment.apps/web restarted' } });
    const patch = clusterA.requests.find((request) => request.method === 'PATCH' && request.path === '/apis/apps/v1/namespaces/shop/deployments/web');
    expect(patch?.contentType).toBe('application/strategic-merge-patch+json');
    const annotations = (patch?.body as { spec: { template: { metadata: { annotations: Record<string, string> } } } }).spec.template.metadata.annotations;
    expect(Date.parse(annotations['kubectl.kubernetes.io/restartedAt']!)).not.toBeNaN();
    const stored = deploymentOf(clusterA);
    expect(stored.spec.template?.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']).toBe(annotations['kubectl.kubernetes.io/restartedAt']);
    expect(deploymentOf(clusterB).spec.template).toBeUndefined();
  });

  it('scale-deployment: sets the replicas through the scale subresource of the config item\'s cluster only', async () => {
    const id = await test.apply(fixture('scale-deployment.yaml'));
    const run = await runPlaybook(id, { config_id: deploymentIds['cluster-a'], params: { replicas: '3' } });
    expect(run.actions[0], run.actions[0]?.error ?? '').toMatchObject({ status: 'completed', result: { stdout: 'deployment.apps/web scaled' } });
    expect(clusterA.requests.some((request) => request.method === 'PATCH' && request.path === '/apis/apps/v1/namespaces/shop/deployments/web/scale')).toBe(true);
    expect(deploymentOf(clusterA).spec.replicas).toBe(3);
    expect(deploymentOf(clusterB).spec.replicas).toBe(1);
    expect(clusterB.requests).toEqual([]);
  });
});
