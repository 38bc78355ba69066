import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer, type KubeObject } from '../../server/test/support/kube-apiserver/index.js';
import { screenshot } from '../support/browser.js';
import { applyYaml } from '../support/health.js';
import { dbRows, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

const NODE = 'gk3-infra-cluster-pool-2-be3fcd50-lzd5';

/** Polls `ready` every 250 ms for up to a minute (set-up runs outside a test, where expect.poll is not available). */
async function until(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The message cells of the log viewer, top to bottom. */
async function messages(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Logs' }).getByRole('row').filter({ has: page.getByRole('cell') });
  return rows.evaluateAll((elements) => elements.map((row) => row.querySelectorAll('[role="cell"]')[1]?.textContent ?? ''));
}

/**
 * A cluster in the topology and the logs, against a real server and the stand-in Kubernetes API
 * server (server/test/support/kube-apiserver): a Topology of kubernetes lookups and a kubernetes
 * LoggingBackend, applied; the node's card shows its Node info, its pod's logs open on /logs.
 * Recorded answer: the GKE node `node` of the stand-in's recorded/ (from flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0));
 * its labels, the pod and its log lines are written here.
 */
describe('kubernetes in the topology and the logs', () => {
  let world: SettingsWorld;
  let cluster: KubeApiServer;
  let nodesId = '';
  let podId = '';

  beforeAll(async () => {
    world = await settingsWorld();
    const node = recordedObjects()['node']!;
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop', labels: { app: 'web' } },
      spec: { nodeName: NODE, containers: [{ name: 'web', image: 'nginx:1.27.0' }] },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'web', ready: true, restartCount: 0, state: { running: {} } }] },
    };
    cluster = await startKubeApiServer({
      objects: [{ ...node, metadata: { ...node.metadata, labels: { 'node.kubernetes.io/instance-type': 'e2-standard-4', 'topology.kubernetes.io/zone': 'europe-west2-c' } } }, pod],
    });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    cluster.logs.set('shop', 'web-1', 'web', [
      { time: at(3), message: 'GET /cart 200' },
      { time: at(2), message: 'GET /checkout 502 upstream timeout' },
      { time: at(1), message: 'GET /health 200' },
    ]);
    const kubeconfig = { value: kubeconfigFor(cluster) };
    const lookup = (kind: string, extra: Record<string, unknown> = {}) => ({ kubernetes: [{ kind, kubeconfig, ...extra }] });
    await applyYaml(
      world,
      [
        stringify({ apiVersion: 'pharos.io/v1', kind: 'LoggingBackend', metadata: { name: 'Kubernetes' }, spec: { kubernetes: { kubeconfig } } }),
        stringify({
          apiVersion: 'canaries.flanksource.com/v1',
          kind: 'Topology',
          metadata: { name: 'e2e-cluster' },
          spec: {
            type: 'KubernetesCluster',
            icon: 'kubernetes',
            components: [
              { name: 'nodes', type: 'KubernetesNodes', icon: 'server', components: [{ name: 'node-lookup', lookup: lookup('Node') }] },
              { name: 'pods', type: 'KubernetesPods', icon: 'pods', components: [{ name: 'pod-lookup', lookup: lookup('Pod', { namespace: 'shop' }) }] },
            ],
          },
        }),
      ].join('---\n'),
    );
    // The engine runs an applied topology at once.
    await until('the topology engine made the node and the pod', async () => {
      const rows = await dbRows<{ id: string; name: string }>(world.api, 'components?select=id,name&name=in.(nodes,web-1)&deleted_at=is.null');
      nodesId = rows.find((row) => row.name === 'nodes')?.id ?? '';
      podId = rows.find((row) => row.name === 'web-1')?.id ?? '';
      return nodesId !== '' && podId !== '' && (await dbRows(world.api, `components?select=id&name=eq.${NODE}`)).length === 1;
    });
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
    await world?.close();
  });

  it("shows a node's card with its Node info", async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/topology/${nodesId}`);
      const card = page.getByRole('article', { name: NODE, exact: true });
      await card.waitFor({ timeout: 15_000 });
      await card.getByRole('button', { name: 'show more ...' }).click();
      const rows = await card.getByRole('list', { name: 'Properties' }).getByRole('listitem').allInnerTexts();
      const labels = rows.map((row) => row.split(/\s+/)[0]);
      expect(labels).toEqual(['Node', 'Created', 'Instance', 'Zone', 'OS', 'Container', 'Kernel', 'Kubernetes', 'Kubelet', 'Version', 'Memory', 'CPU', 'IP']);
      const text = rows.join('\n');
      for (const expected of ['Instance Type', 'e2-standard-4', 'europe-west2-c', 'Container-Optimized OS from Google (amd64)', 'Container Runtime', 'containerd://1.7.22', 'Kernel', '6.1.100+', 'Kubernetes proxy', 'v1.30.5-gke.1443001', '4,000m', '10.208.7.195']) {
        expect(text).toContain(expected);
      }
      await screenshot(page, 'topology-kubernetes-node');
    } finally {
      await page.close();
    }
  });

  it("opens a pod's logs, read from the cluster, newest first", async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/logs?topologyId=${podId}`);
      await page.getByRole('heading', { name: 'Logs - web-1' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => messages(page), { timeout: 15_000 }).toEqual(['GET /health 200', 'GET /checkout 502 upstream timeout', 'GET /cart 200']);
    } finally {
      await page.close();
    }
  });
});
