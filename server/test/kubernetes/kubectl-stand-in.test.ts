import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer } from '../support/kube-apiserver/index.js';
import { until } from '../support/until.js';

const run = promisify(execFile);

// kubectl is the reference client: what it reads from the stand-in, a real API server would give it too.
// Recorded answers: every object of the stand-in's recorded/ (pods, a node, workloads, PVCs … from real
// clusters, copied from flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0)) and the resource lists of kubernetes/kubernetes'
// recorded discovery documents (`api/discovery/`, Apache-2.0); the list, watch, table and Status
// envelopes around them and the CoreDNS-format log lines are the stand-in's own (server/test/support/kube-apiserver/README.md).
describe('the stand-in Kubernetes API server, read by kubectl', () => {
  let server: KubeApiServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const recorded = recordedObjects();

  beforeAll(async () => {
    server = await startKubeApiServer({ objects: Object.values(recorded) });
    dir = mkdtempSync(join(tmpdir(), 'kubectl-'));
    writeFileSync(join(dir, 'config'), kubeconfigFor(server));
    env = { PATH: process.env['PATH'], HOME: dir, KUBECONFIG: join(dir, 'config') };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the pods of every namespace as JSON', async () => {
    const { stdout } = await run('kubectl', ['get', 'pods', '-A', '-o', 'json'], { env });
    const list = JSON.parse(stdout) as { kind: string; items: Array<{ kind: string; metadata: { name: string; namespace: string }; status: { phase: string } }> };
    expect(list.kind).toBe('List');
    const pods = list.items.map((pod) => `${pod.metadata.namespace}/${pod.metadata.name}`).sort();
    expect(pods).toEqual(['argocd/my-pod', 'kube-system/coredns-7448775847-fswg4']);
    expect(list.items.every((pod) => pod.kind === 'Pod')).toBe(true);
  });

  it('pages a list with --chunk-size as the API server continues it', async () => {
    const { stdout } = await run('kubectl', ['get', 'pvc,pods', '-A', '-o', 'name', '--chunk-size=1'], { env });
    expect(stdout.trim().split('\n')).toHaveLength(4);
  });

  it('prints the server-side table and follows a watch', async () => {
    const child = spawn('kubectl', ['get', 'pods', '--watch', '-n', 'kube-system'], { env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until(async () => output, (text) => text.includes('coredns-7448775847-fswg4'));
      expect(output).toMatch(/NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE/);
      await until(async () => server.openWatches, (count) => count > 0);
      server.store.put({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'watched-pod', namespace: 'kube-system' }, spec: { containers: [{ name: 'app', image: 'busybox' }] }, status: { phase: 'Pending' } });
      await until(async () => output, (text) => /watched-pod\s+0\/1\s+Pending/.test(text));
    } finally {
      child.kill();
    }
  });

  it('tells kubectl when RBAC forbids a resource and when the token is wrong', async () => {
    const guarded = await startKubeApiServer({ forbidden: [{ resource: 'secrets' }], user: 'system:serviceaccount:pharos:reader' });
    const config = join(dir, 'guarded');
    try {
      writeFileSync(config, kubeconfigFor(guarded));
      const forbidden = await run('kubectl', ['get', 'secrets', '-n', 'default'], { env: { ...env, KUBECONFIG: config } }).catch((error: { stderr: string }) => error);
      expect(forbidden.stderr).toContain('secrets is forbidden: User "system:serviceaccount:pharos:reader" cannot list resource "secrets" in API group "" in the namespace "default"');
      writeFileSync(config, kubeconfigFor(guarded, 'wrong-token'));
      const unauthorized = await run('kubectl', ['get', 'pods'], { env: { ...env, KUBECONFIG: config } }).catch((error: { stderr: string }) => error);
      expect(unauthorized.stderr).toMatch(/Unauthorized|must be logged in/);
    } finally {
      await guarded.close();
    }
  });

  it("serves a pod's logs as kubectl logs reads them: --timestamps, --tail, --since-time, -c, and a refusal on pods/log", async () => {
    const pod = ['logs', '-n', 'kube-system', 'coredns-7448775847-fswg4'];
    const stamped = await run('kubectl', [...pod, '--timestamps', '--tail=2'], { env });
    expect(stamped.stdout.trim().split('\n')).toEqual([
      '2024-06-01T10:03:45.750000000Z [WARNING] plugin/kubernetes: Kubernetes API connection failure: Get "https://172.20.0.1:443/version": dial tcp 172.20.0.1:443: i/o timeout',
      '2024-06-01T10:04:00.000000000Z [INFO] plugin/reload: Running configuration SHA512 = 8a7d59126e7f114ab49c6d2613be93d8ef7d408af8ee61a710210843dc409f03',
    ]);
    const since = await run('kubectl', [...pod, '-c', 'coredns', '--since-time=2024-06-01T10:02:31Z'], { env });
    expect(since.stdout.trim().split('\n').map((line) => line.slice(0, 12))).toEqual(['[INFO] 10.20', '[WARNING] pl', '[INFO] plugi']);
    const missing = await run('kubectl', [...pod, '-c', 'sidecar'], { env }).catch((error: { stderr: string }) => error);
    expect(missing.stderr).toContain('container sidecar is not valid for pod coredns-7448775847-fswg4');

    const guarded = await startKubeApiServer({ objects: [recorded['pod-coredns']!], forbidden: [{ resource: 'pods/log', namespace: 'kube-system' }], user: 'system:serviceaccount:pharos:reader' });
    const config = join(dir, 'guarded-logs');
    try {
      writeFileSync(config, kubeconfigFor(guarded));
      const forbidden = await run('kubectl', pod, { env: { ...env, KUBECONFIG: config } }).catch((error: { stderr: string }) => error);
      expect(forbidden.stderr).toContain('pods "coredns-7448775847-fswg4" is forbidden: User "system:serviceaccount:pharos:reader" cannot get resource "pods/log" in API group "" in the namespace "kube-system"');
    } finally {
      await guarded.close();
    }
  });
});
