import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveConnection } from '../connections/helpers.js';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer, type KubeObject, type PodLogLine } from '../support/kube-apiserver/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { allPages, applyBackend, insertComponent, saveBackend, searchLogs, unique } from './helpers.js';

/**
 * Log backends of kind kubernetes: pod logs read from the stand-in API server
 * (server/test/support/kube-apiserver), which serves GET .../pods/{pod}/log with container,
 * sinceSeconds, timestamps and tailLines as the API server does, and refuses pods/log by RBAC.
 * Recorded answers: the pod `pod-coredns` of the stand-in's recorded/ (a real cluster's CoreDNS pod, from
 * flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0)); its log lines were written in CoreDNS's format, not recorded,
 * and the shop's pods and lines are written here.
 */

let server: TestServer;
let admin: string;
let viewer: string;
let cluster: KubeApiServer;
let guarded: KubeApiServer;
let backend = '';
let refused = '';

const NOW = Date.now();
/** A kubelet time: RFC 3339 with nanoseconds. */
const stamp = (ms: number, nanos = 0): string => new Date(ms).toISOString().replace('Z', `${String(nanos).padStart(6, '0')}Z`);
const minutesAgo = (minutes: number): number => NOW - minutes * 60_000;

function pod(name: string, namespace: string, app: string, containers: string[]): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { app } },
    spec: { containers: containers.map((container) => ({ name: container, image: 'nginx:1.27' })) },
    status: { phase: 'Running' },
  };
}

const lines = (container: string, minutes: number[]): PodLogLine[] => minutes.map((ago) => ({ time: stamp(minutesAgo(ago)), message: `${container} line ${ago}m ago` }));

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor(['viewer']);
  const objects = [pod('web-1', 'shop', 'web', ['web', 'proxy']), pod('web-2', 'shop', 'web', ['web']), pod('db-1', 'shop', 'db', ['db']), recordedObjects()['pod-coredns']!];
  cluster = await startKubeApiServer({ objects });
  cluster.logs.set('shop', 'web-1', 'web', lines('web-1/web', [50, 40, 30, 20, 10]));
  cluster.logs.set('shop', 'web-1', 'proxy', lines('web-1/proxy', [45, 25, 5]));
  cluster.logs.set('shop', 'web-2', 'web', [...lines('web-2/web', [35, 15]), { time: stamp(minutesAgo(200)), message: 'web-2/web line 200m ago' }].sort((a, b) => a.time.localeCompare(b.time)));
  cluster.logs.set('shop', 'db-1', 'db', [{ time: stamp(minutesAgo(12)), message: 'db ERROR: deadlock detected' }, { time: stamp(minutesAgo(11)), message: 'db checkpoint complete' }]);
  guarded = await startKubeApiServer({ objects, forbidden: [{ resource: 'pods/log', namespace: 'shop' }], user: 'system:serviceaccount:pharos:logs-reader' });

  const connection = await saveConnection(server, admin, { type: 'kubernetes', certificate: kubeconfigFor(cluster) });
  backend = unique('pods');
  await saveBackend(server, admin, backend, { kubernetes: { connection: `connection://default/${connection.name}`, namespace: 'shop' } });
  const guardedConnection = await saveConnection(server, admin, { type: 'kubernetes', certificate: kubeconfigFor(guarded) });
  refused = unique('pods-refused');
  await saveBackend(server, admin, refused, { kubernetes: { connection: `connection://default/${guardedConnection.name}`, namespace: 'shop' } });
});

afterAll(async () => {
  await cluster?.close();
  await guarded?.close();
  await server?.close();
});

describe('kubernetes log backend', () => {
  it('reads the pods a label selector picks, every container, newest first with their labels', async () => {
    const { status, body } = await searchLogs(server, viewer, { name: backend, labels: { app: 'web' }, start: '1h', limit: 4 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([
      { timestamp: new Date(minutesAgo(5)).toISOString(), message: 'web-1/proxy line 5m ago', labels: { app: 'web', namespace: 'shop', pod: 'web-1', container: 'proxy' } },
      { timestamp: new Date(minutesAgo(10)).toISOString(), message: 'web-1/web line 10m ago', labels: { app: 'web', namespace: 'shop', pod: 'web-1', container: 'web' } },
      { timestamp: new Date(minutesAgo(15)).toISOString(), message: 'web-2/web line 15m ago', labels: { app: 'web', namespace: 'shop', pod: 'web-2', container: 'web' } },
      { timestamp: new Date(minutesAgo(20)).toISOString(), message: 'web-1/web line 20m ago', labels: { app: 'web', namespace: 'shop', pod: 'web-1', container: 'web' } },
    ]);
    expect(body.nextPage).toBeDefined();
  });

  it('pages through every line of the range, newest first, without repeating or losing one', async () => {
    const pages = await allPages(server, viewer, { name: backend, labels: { app: 'web' }, start: '1h', limit: 3 });
    const messages = pages.flat().map((line) => line.message);
    expect(messages).toEqual([
      'web-1/proxy line 5m ago',
      'web-1/web line 10m ago',
      'web-2/web line 15m ago',
      'web-1/web line 20m ago',
      'web-1/proxy line 25m ago',
      'web-1/web line 30m ago',
      'web-2/web line 35m ago',
      'web-1/web line 40m ago',
      'web-1/proxy line 45m ago',
      'web-1/web line 50m ago',
    ]);
    expect(pages.every((page) => page.length <= 3)).toBe(true);
  });

  it('narrows to a pod and a container by their labels, and to a time range by start and end', async () => {
    const proxy = await searchLogs(server, viewer, { name: backend, labels: { pod: 'web-1', container: 'proxy' }, start: '1h' });
    expect(proxy.body.results.map((line) => line.message)).toEqual(['web-1/proxy line 5m ago', 'web-1/proxy line 25m ago', 'web-1/proxy line 45m ago']);
    const since = await searchLogs(server, viewer, { name: backend, labels: { pod: 'web-2' }, start: new Date(minutesAgo(36)).toISOString(), end: new Date(minutesAgo(14)).toISOString() });
    expect(since.body.results.map((line) => line.message)).toEqual(['web-2/web line 15m ago', 'web-2/web line 35m ago']);
    const older = await searchLogs(server, viewer, { name: backend, labels: { pod: 'web-2' }, start: '4h' });
    expect(older.body.results.map((line) => line.message)).toEqual(['web-2/web line 15m ago', 'web-2/web line 35m ago', 'web-2/web line 200m ago']);
  });

  it('filters by the query, case-insensitively', async () => {
    const { body } = await searchLogs(server, viewer, { name: backend, query: 'error', start: '1h' });
    expect(body.results).toEqual([{ timestamp: new Date(minutesAgo(12)).toISOString(), message: 'db ERROR: deadlock detected', labels: { app: 'db', namespace: 'shop', pod: 'db-1', container: 'db' } }]);
  });

  it("reads a component's pod through its log selector, and the CoreDNS lines of the recorded CoreDNS pod in another namespace", async () => {
    const component = await insertComponent(server, [{ name: backend, type: 'kubernetes', labels: { namespace: 'shop', pod: 'web-2' } }]);
    const own = await searchLogs(server, viewer, { id: component, start: '1h' });
    expect(own.body.results.map((line) => line.message)).toEqual(['web-2/web line 15m ago', 'web-2/web line 35m ago']);

    const coredns = await searchLogs(server, viewer, { name: backend, labels: { namespace: 'kube-system', 'k8s-app': 'kube-dns' }, query: 'timeout', start: '2024-06-01T10:00:00Z', end: '2024-06-01T11:00:00Z' });
    expect(coredns.status, JSON.stringify(coredns.body)).toBe(200);
    expect(coredns.body.results.map((line) => [line.timestamp, line.message.slice(0, 24), line.labels['container']])).toEqual([
      ['2024-06-01T10:03:45.750Z', '[WARNING] plugin/kuberne', 'coredns'],
      ['2024-06-01T10:02:30.500Z', '[ERROR] plugin/errors: 2', 'coredns'],
    ]);
  });

  it('answers 502 with the API server\'s refusal and the permission needed when RBAC forbids pods/log', async () => {
    const { status, body } = await searchLogs(server, viewer, { name: refused, labels: { app: 'web' }, start: '1h' });
    expect(status).toBe(502);
    expect(body.message).toContain('Kubernetes refused to read the logs of shop/web-1');
    expect(body.message).toContain('pods "web-1" is forbidden: User "system:serviceaccount:pharos:logs-reader" cannot get resource "pods/log" in API group "" in the namespace "shop"');
    expect(body.message).toContain('needs get on pods/log in the namespace shop');
  });

  it('answers 400 for a pod without a namespace, a label Kubernetes cannot select on, and a spec without its kind fields', async () => {
    const everywhere = unique('pods-everywhere');
    const connection = await saveConnection(server, admin, { type: 'kubernetes', certificate: kubeconfigFor(cluster) });
    await saveBackend(server, admin, everywhere, { kubernetes: { connection: `connection://default/${connection.name}` } });
    const noNamespace = await searchLogs(server, viewer, { name: everywhere, labels: { pod: 'web-1' } });
    expect(noNamespace).toMatchObject({ status: 400, body: { message: 'the pod web-1 is named without its namespace: give the namespace label (or the backend\'s namespace)' } });
    const badLabel = await searchLogs(server, viewer, { name: backend, labels: { app: 'web,tier!=cache' } });
    expect(badLabel).toMatchObject({ status: 400, body: { message: 'web,tier!=cache is not a Kubernetes label value (label app)' } });

    const both = await applyBackend(server, admin, unique('pods-both'), { kubernetes: { connection: 'x', kubeconfig: { value: 'y' } } });
    expect(both.status).toBe(400);
    expect(await both.text()).toContain('give connection or kubeconfig, not both');
  });
});
