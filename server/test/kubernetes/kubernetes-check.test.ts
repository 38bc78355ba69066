import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { syncCanary } from '../../src/health/sync.js';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import { resourceByKind } from '../support/kube-apiserver/resources.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * canary-checker's kubernetes, pod and namespace checks against the stand-in API server. Recorded
 * answers: the pods `pod-coredns` and `pod-crashloopbackoff` of the stand-in's recorded/ (real cluster
 * objects from flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0)); the other pods and namespaces are written here, and the
 * canaries are canary-checker's examples (fixtures/README.md). What the pod's container serves is a
 * loopback HTTP server of this file.
 */
const pod = (name: string, ready: boolean): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'canaries', labels: { app: name } },
  spec: { containers: [{ name: 'app', image: 'nginx' }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }], containerStatuses: [{ name: 'app', ready, restartCount: 0 }] },
});

let database: FreshDatabase;
let server: TestServer;
let token: string;
let sandbox: ExpressionSandbox;
let cluster: KubeApiServer;
let guarded: KubeApiServer;
let withKubelet: KubeApiServer;
let app: Server;
let appPort: number;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  token = await server.tokenFor(['admin']);
  const recorded = recordedObjects();
  const objects = [recorded['pod-coredns']!, recorded['pod-crashloopbackoff']!, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'canaries' } }, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-system' } }, pod('k8s-check-ready', true), pod('k8s-check-not-ready', false)];
  cluster = await startKubeApiServer({ objects });
  guarded = await startKubeApiServer({ objects, forbidden: [{ resource: 'pods', verb: 'list' }, { resource: 'pods', verb: 'create' }, { resource: 'namespaces', verb: 'create' }], user: 'system:serviceaccount:pharos:checker' });
  withKubelet = await startKubeApiServer({ objects, kubelet: { podIP: '127.0.0.1' } });
  // What the pod's container would serve: the stand-in's kubelet gives every pod 127.0.0.1.
  app = createServer((request, response) => {
    response.writeHead(request.url === '/status/500' ? 500 : 200);
    response.end('hello from the pod');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appPort = (app.address() as AddressInfo).port;
});

afterAll(async () => {
  await cluster?.close();
  await guarded?.close();
  await withKubelet?.close();
  await new Promise((resolve) => app?.close(resolve));
  await server?.close();
  await sandbox?.close();
  await database?.drop();
});

type Outcome = { pass: boolean; error?: string; message?: string; data: Record<string, unknown> };

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Applies a canary whose checks reach `target` (POST /api/apply), runs each of its checks with Run Now
 * (POST /api/canary/run/check/{id}) and answers each check's outcome by name, with the detail its
 * status row keeps (GET /api/db/check_statuses).
 */
async function run(yaml: string, target: KubeApiServer, type = 'kubernetes'): Promise<Record<string, Outcome>> {
  const canary = parse(yaml) as { metadata: { name: string }; spec: Record<string, Array<Record<string, unknown>>> };
  for (const check of canary.spec[type]!) check['kubeconfig'] = { value: kubeconfigFor(target) };
  const { resources } = await api<{ resources: Array<{ id: string }> }>('/api/apply', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: stringify(canary) });
  // The engine syncs an applied canary's checks; here it is done at once.
  await syncCanary(server.pool, resources[0]!.id);
  const checks = await api<Array<{ id: string; name: string }>>(`/api/db/checks?canary_id=eq.${resources[0]!.id}&deleted_at=is.null&select=id,name`);
  const outcomes: Record<string, Outcome> = {};
  for (const check of checks) {
    const answer = await api<{ status: string | null; output: string | null; error: string | null }>(`/api/canary/run/check/${check.id}`, { method: 'POST' });
    const [latest] = await api<Array<{ detail: Record<string, unknown> | null }>>(`/api/db/check_statuses?check_id=eq.${check.id}&select=detail&order=time.desc&limit=1`);
    outcomes[check.name] = { pass: answer.status === 'healthy', ...(answer.error ? { error: answer.error } : {}), ...(answer.output ? { message: answer.output } : {}), data: latest?.detail ?? {} };
  }
  return outcomes;
}

describe('kubernetes checks', () => {
  it("run canary-checker's minimal example: kube-* pods healthy by its CEL test", async () => {
    const outcomes = await run(readFileSync(join(import.meta.dirname, 'fixtures/kubernetes-minimal_pass.yaml'), 'utf8'), cluster);
    expect(outcomes['kube-system']).toMatchObject({ pass: true });
    expect((outcomes['kube-system']!.data['results'] as unknown[]).length).toBe(1);
  });

  it("run canary-checker's kube-pass example: names with wildcards, ready or not", async () => {
    const outcomes = await run(readFileSync(join(import.meta.dirname, '../apply/fixtures/canary-checker/k8s_kubernetes_pass.yaml'), 'utf8'), cluster);
    // Both of its checks are named 'k8s-ready pods', so they are one check, as in canary-checker.
    expect(outcomes['k8s-ready pods']).toMatchObject({ pass: true });
  });

  it('fail with each object that is not ready or healthy, and by a label selector and CEL test', async () => {
    const outcomes = await run(
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: kube-strict
spec:
  kubernetes:
    - name: all-ready
      kind: Pod
      namespaceSelector: {name: canaries}
      ready: true
    - name: every-namespace-healthy
      kind: Pod
      namespaceSelector: {name: '*'}
      healthy: true
    - name: by-label
      kind: Pod
      namespaceSelector: {name: canaries}
      resource: {labelSelector: app=k8s-check-ready}
      test:
        expr: size(results) == 1 && results[0].metadata.name == 'k8s-check-ready' && results[0].healthStatus.ready
    - name: none-found
      kind: Deployment
      namespaceSelector: {name: canaries}
`,
      cluster,
    );
    expect(outcomes['all-ready']).toMatchObject({ pass: false, error: 'Pod/canaries/k8s-check-not-ready is not ready (status: Running): not every container is ready' });
    expect(outcomes['every-namespace-healthy']!.error).toContain('Pod/argocd/my-pod is not healthy (health: unhealthy, status: CrashLoopBackOff)');
    expect(outcomes['by-label']).toMatchObject({ pass: true });
    expect(outcomes['none-found']).toMatchObject({ pass: false, error: 'no resources found' });
  });

  it('fail with the API server\'s reason where RBAC forbids the kind', async () => {
    const outcomes = await run(
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: kube-guarded
spec:
  kubernetes:
    - name: pods
      kind: Pod
      namespaceSelector: {name: canaries}
`,
      guarded,
    );
    expect(outcomes['pods']).toMatchObject({ pass: false, error: 'failed to get Pod resources: pods is forbidden: User "system:serviceaccount:pharos:checker" cannot list resource "pods" in API group "" in the namespace "canaries"' });
  });
});

const podCanary = (name: string, path: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  pod:
    - name: ${name}
      namespace: canaries
      spec: |
        apiVersion: v1
        kind: Pod
        metadata:
          name: hello-${name}
        spec:
          containers:
            - name: httpbin
              image: kennethreitz/httpbin
      port: PORT
      path: ${path}
      readyTimeout: 10000
      expectedContent: hello
      expectedHttpStatuses: [200, 201]
`;

describe('pod and namespace checks', () => {
  const pods = () => withKubelet.store.list(resourceByKind('Pod'), 'canaries').map((pod) => pod.metadata.name);

  it('create a pod, probe it once it is ready and delete it', async () => {
    const outcomes = await run(podCanary('pod-pass', '/').replace('PORT', String(appPort)), withKubelet, 'pod');
    expect(outcomes['pod-pass']).toMatchObject({ pass: true, message: 'pod hello-pod-pass answered 200', data: { podIP: '127.0.0.1', content: 'hello from the pod' } });
    expect(pods()).not.toContain('hello-pod-pass');
  });

  it('fail when the pod answers a status not expected, and still delete it', async () => {
    const outcomes = await run(podCanary('pod-fail', '/status/500').replace('PORT', String(appPort)), withKubelet, 'pod');
    expect(outcomes['pod-fail']).toMatchObject({ pass: false, error: `GET http://127.0.0.1:${appPort}/status/500 answered 500, expected 200 or 201` });
    expect(pods()).not.toContain('hello-pod-fail');
  });

  it('are refused with the reason where RBAC forbids creating pods', async () => {
    const outcomes = await run(podCanary('pod-refused', '/').replace('PORT', String(appPort)), guarded, 'pod');
    expect(outcomes['pod-refused']).toMatchObject({
      pass: false,
      error: 'pod hello-pod-refused could not be created in namespace canaries: pods is forbidden: User "system:serviceaccount:pharos:checker" cannot create resource "pods" in API group "" in the namespace "canaries"',
    });
  });

  it('are refused with the reason where RBAC forbids creating namespaces', async () => {
    const outcomes = await run(
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: namespace-refused
spec:
  namespace:
    - name: namespace-refused
      namespaceNamePrefix: pharos-test-
      podSpec: |
        apiVersion: v1
        kind: Pod
        metadata:
          name: probe
        spec:
          containers: [{name: web, image: nginx}]
      port: ${appPort}
`,
      guarded,
      'namespace',
    );
    expect(outcomes['namespace-refused']).toMatchObject({ pass: false });
    expect(outcomes['namespace-refused']!.error).toMatch(
      /^namespace pharos-test-[0-9a-f]{8} could not be created: namespaces is forbidden: User "system:serviceaccount:pharos:checker" cannot create resource "namespaces" in API group "" at the cluster scope$/,
    );
  });

  it('create a namespace, run the pod in it and delete the namespace', async () => {
    const outcomes = await run(
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: namespace-pass
spec:
  namespace:
    - name: namespace-pass
      namespaceNamePrefix: pharos-test-
      namespaceLabels: {team: ops}
      podSpec: |
        apiVersion: v1
        kind: Pod
        metadata:
          name: probe
        spec:
          containers: [{name: web, image: nginx}]
      port: ${appPort}
      path: /
      readyTimeout: 10000
`,
      withKubelet,
      'namespace',
    );
    expect(outcomes['namespace-pass']).toMatchObject({ pass: true, message: 'pod probe answered 200' });
    expect(withKubelet.store.list(resourceByKind('Namespace')).map((namespace) => namespace.metadata.name).filter((name) => name.startsWith('pharos-test-'))).toEqual([]);
  });
});
