import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { saveConnection } from '../connections/helpers.js';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import { named, topologyTest } from './engine-support/setup.js';

/**
 * Topologies whose components come from `kubernetes` lookups against the stand-in API server
 * (server/test/support/kube-apiserver): nodes with the Node info of spec 1, pods under their
 * namespaces, canary-checker's own Kubernetes cluster topology (fixtures/README.md), read back through
 * GET /api/topology as the topology page does. Recorded answers: the GKE node `node` and the pod
 * `pod-coredns` of the stand-in's recorded/ (real cluster objects from flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0));
 * the node's labels and the web pods are written here.
 */

const env = topologyTest();
let cluster: KubeApiServer;
let connection = '';

const FIXTURE = readFileSync(join(import.meta.dirname, 'fixtures/k8s-system.yaml'), 'utf8');

function pod(name: string, ready: boolean): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { app: 'web', 'pod-template-hash': 'abc' }, creationTimestamp: '2024-05-01T10:00:00Z' },
    spec: { nodeName: 'gk3-infra-cluster-pool-2-be3fcd50-lzd5', containers: [{ name: 'web', image: 'nginx:1.27.0', resources: { limits: { cpu: '500m', memory: '256Mi' } } }] },
    status: {
      phase: 'Running',
      podIPs: [{ ip: `10.1.0.${ready ? 1 : 2}` }],
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', reason: ready ? undefined : 'ContainersNotReady', message: ready ? undefined : 'containers with unready status: [web]' }],
      containerStatuses: [{ name: 'web', ready, restartCount: 0, state: ready ? { running: {} } : { waiting: { reason: 'CrashLoopBackOff', message: 'back-off restarting failed container' } } }],
    },
  };
}

beforeAll(async () => {
  const recorded = recordedObjects();
  const node = recorded['node']!;
  const labelled: KubeObject = {
    ...node,
    metadata: { ...node.metadata, creationTimestamp: '2024-03-04T05:06:07Z', labels: { 'node.kubernetes.io/instance-type': 'e2-standard-4', 'topology.kubernetes.io/zone': 'europe-west2-c', 'kubernetes.io/os': 'linux' } },
  };
  cluster = await startKubeApiServer({
    objects: [
      labelled,
      recorded['pod-coredns']!,
      pod('web-1', true),
      pod('web-2', false),
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } },
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-system' } },
    ],
  });
  const token = await env.server.tokenFor(['admin']);
  connection = (await saveConnection(env.server, token, { name: 'stand-in-cluster', type: 'kubernetes', certificate: kubeconfigFor(cluster) })).name;
});

afterAll(async () => {
  await cluster?.close();
});

/** The topology page's answer for one component: it with its children. */
async function card(id: string): Promise<{ name: string; type: string; properties: { name?: string; label?: string; text?: string; value?: number }[]; components?: { name: string }[] }> {
  const token = await env.server.tokenFor(['viewer']);
  const response = await fetch(`${env.server.url}/api/topology?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { components: Array<Awaited<ReturnType<typeof card>>> };
  return body.components[0]!;
}

const NODE = 'gk3-infra-cluster-pool-2-be3fcd50-lzd5';

describe('kubernetes lookups in a topology', () => {
  it('builds nodes with their Node info, pods under their namespaces, and a display mapping', async () => {
    await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: cluster
spec:
  type: KubernetesCluster
  icon: kubernetes
  components:
    - name: nodes
      type: KubernetesNodes
      icon: server
      components:
        - name: node-lookup
          lookup:
            kubernetes:
              - kind: Node
                connection: connection://default/${connection}
    - name: namespaces
      type: KubernetesNamespaces
      components:
        - name: namespace-lookup
          lookup:
            kubernetes:
              - kind: Namespace
                connection: connection://default/${connection}
                display:
                  expr: "dyn(results).map(n, {'name': n.Object.metadata.name, 'type': 'Kubernetes::Namespace'}).toJSON()"
    - name: pods
      type: KubernetesPods
      components:
        - name: pod-lookup
          icon: pods
          lookup:
            kubernetes:
              - kind: Pod
                namespace: default
                labelSelector: app=web
                connection: connection://default/${connection}
`);
    const result = await env.run('cluster');
    expect(result.errors).toEqual([]);
    const rows = await env.components('cluster');

    const node = named(rows, NODE);
    expect(node).toMatchObject({ type: 'Kubernetes::Node', parent_id: named(rows, 'nodes').id, external_id: NODE });
    const shown = await card(node.id);
    const info = Object.fromEntries(shown.properties.filter((property) => property.label).map((property) => [property.label, property.text ?? property.value]));
    expect(info).toEqual({
      Node: NODE,
      'Created At': '2024-03-04T05:06:07.000Z',
      'Instance Type': 'e2-standard-4',
      Zone: 'europe-west2-c',
      OS: 'Container-Optimized OS from Google (amd64)',
      'Container Runtime': 'containerd://1.7.22',
      Kernel: '6.1.100+',
      'Kubernetes proxy': 'v1.30.5-gke.1443001',
      Kubelet: 'v1.30.5-gke.1443001',
      Version: 'v1.30.5-gke.1443001',
      Memory: 16385492 * 1024,
      CPU: 4000,
      IP: '10.208.7.195',
    });

    const web1 = named(rows, 'web-1');
    const web2 = named(rows, 'web-2');
    const defaultNamespace = rows.find((row) => row.name === 'default' && row.type === 'Kubernetes::Namespace')!;
    expect(web1).toMatchObject({ type: 'Kubernetes::Pod', icon: 'pods', parent_id: defaultNamespace.id, external_id: 'default/web-1', labels: { app: 'web', namespace: 'default' }, health: 'healthy' });
    expect(web1.logs).toEqual([{ name: 'Kubernetes', type: 'kubernetes', labels: { namespace: 'default', pod: 'web-1' } }]);
    expect(web1.properties).toEqual(
      expect.arrayContaining([
        { name: 'version', text: '1.27.0', headline: true },
        { name: 'memory', unit: 'bytes', headline: true, max: 256 * 1024 * 1024 },
        { name: 'node', label: 'Node', text: NODE },
      ]),
    );
    expect(web2).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
    expect(web2.status_reason).toMatch(/CrashLoopBackOff|unready|back-off/);
    expect(rows.some((row) => row.name === 'coredns' || row.name.startsWith('coredns-'))).toBe(false);
  });

  it('reports what RBAC refused when a lookup may not list its kind', async () => {
    const guarded = await startKubeApiServer({ objects: [recordedObjects()['node']!], forbidden: [{ resource: 'nodes', verb: 'list' }], user: 'system:serviceaccount:pharos:topology' });
    try {
      const token = await env.server.tokenFor(['admin']);
      const refused = (await saveConnection(env.server, token, { name: 'guarded-cluster', type: 'kubernetes', certificate: kubeconfigFor(guarded) })).name;
      await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: guarded
spec:
  type: KubernetesCluster
  components:
    - name: node-lookup
      lookup:
        kubernetes:
          - kind: Node
            connection: connection://default/${refused}
`);
      const result = await env.run('guarded');
      expect(result.errors).toEqual([
        'component node-lookup: kubernetes lookup failed: failed to get Node resources: nodes is forbidden: User "system:serviceaccount:pharos:topology" cannot list resource "nodes" in API group "" at the cluster scope',
      ]);
    } finally {
      await guarded.close();
    }
  });

  it("applies canary-checker's Kubernetes cluster topology unchanged, and builds it through a connection", async () => {
    expect((await env.post(FIXTURE)).status).toBe(200);

    const spec = parse(FIXTURE) as { metadata: { name: string }; spec: { components: Array<{ components: Array<{ lookup: { kubernetes: Array<Record<string, unknown>> } }> }> } };
    spec.metadata.name = 'cluster-through-connection';
    for (const group of spec.spec.components) for (const check of group.components[0]!.lookup.kubernetes) check['connection'] = `connection://default/${connection}`;
    await env.apply(stringify(spec));
    const result = await env.run('cluster-through-connection');
    // Only its Prometheus lookups fail: there is no Prometheus at prometheus-k8s.monitoring.
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.every((error) => /prometheus/i.test(error)), result.errors.join('\n')).toBe(true);

    const rows = await env.components('cluster-through-connection');
    const nodes = named(rows, 'nodes');
    const node = rows.find((row) => row.name === NODE && row.deleted_at === null)!;
    expect(node).toMatchObject({ type: 'Kubernetes::Node', parent_id: nodes.id });
    expect(node.properties).toEqual(expect.arrayContaining([{ name: 'kernel', label: 'Kernel', text: '6.1.100+' }, { name: 'zone', label: 'Zone', text: 'europe-west2-c' }]));
    const pods = named(rows, 'pods');
    const podNames = rows.filter((row) => row.parent_id === pods.id && row.deleted_at === null).map((row) => row.name).sort();
    expect(podNames).toEqual(['web-1', 'web-2']);
  });
});
