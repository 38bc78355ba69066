import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubeconfigTextOf } from '../../src/kubernetes/kubeconfig-text.js';
import { catalogTest } from '../catalog/helpers.js';
import { saveConnection, testSaved } from '../connections/helpers.js';
import { servingCertificate } from '../support/kube-apiserver/certificate.js';
import { startKubeApiServer, type KubeApiServer } from '../support/kube-apiserver/index.js';

/**
 * Reaching the cluster through the service account of the pod Pharos runs in: no kubeconfig, the
 * API server's address from KUBERNETES_SERVICE_HOST/PORT and the token, CA and namespace from the
 * folder PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR names, laid out here as the kubelet mounts them.
 * No recorded answer is used: the one namespace is written here, and the stand-in's answers (lists,
 * /version, 401) are its own (server/test/support/kube-apiserver/README.md).
 */
const env = catalogTest('pharos-kube-in-cluster-', { sandbox: false });
const TOKEN = 'pod-service-account-token';
const VARIABLES = ['KUBERNETES_SERVICE_HOST', 'KUBERNETES_SERVICE_PORT', 'PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR'] as const;
const before = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
let cluster: KubeApiServer;
let accountDir: string;

beforeAll(async () => {
  cluster = await startKubeApiServer({ token: TOKEN, objects: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } }] });
  accountDir = await mkdtemp(path.join(tmpdir(), 'pharos-service-account-'));
  await writeFile(path.join(accountDir, 'token'), `${TOKEN}\n`);
  await writeFile(path.join(accountDir, 'ca.crt'), servingCertificate().cert);
  await writeFile(path.join(accountDir, 'namespace'), 'pharos');
  const url = new URL(cluster.url);
  process.env['KUBERNETES_SERVICE_HOST'] = url.hostname;
  process.env['KUBERNETES_SERVICE_PORT'] = url.port;
  process.env['PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR'] = accountDir;
});
afterAll(async () => {
  for (const name of VARIABLES) {
    if (before[name] === undefined) delete process.env[name];
    else process.env[name] = before[name];
  }
  await cluster?.close();
  if (accountDir) await rm(accountDir, { recursive: true, force: true });
});

const scraper = (name: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  kubernetes:
    - clusterName: ${name}
      watch: false
`;

describe("the pod's service account", () => {
  it('is what a kubernetes scrape with no kubeconfig uses: its token, over TLS checked with its CA', async () => {
    const from = cluster.seen.length;
    await env.apply(scraper('in-cluster'));
    const scraperId = await env.scraperId('in-cluster');
    expect((await env.run(scraperId)).errors).toEqual([]);
    const { rows } = await env.server.pool.query<{ name: string }>("select name from configs where scraper_id = $1 and type = 'Kubernetes::Namespace'", [scraperId]);
    expect(rows.map((row) => row.name)).toEqual(['shop']);
    const requests = cluster.seen.slice(from);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('is what a kubernetes connection without a kubeconfig is tested with', async () => {
    const connection = await saveConnection(env.server, env.token, { type: 'kubernetes' });
    const from = cluster.seen.length;
    expect(await testSaved(env.server, env.token, connection.id)).toMatchObject({ status: 200 });
    expect(cluster.seen.slice(from)).toContainEqual(expect.objectContaining({ path: '/version', authorization: `Bearer ${TOKEN}` }));
  });

  it('is handed to commands as a kubeconfig holding its token, CA and the server', async () => {
    const { kubeconfig, server } = await kubeconfigTextOf({ inCluster: true });
    expect(server).toBe(cluster.url);
    expect(parse(kubeconfig)).toMatchObject({
      clusters: [{ cluster: { server: cluster.url, 'certificate-authority-data': Buffer.from(servingCertificate().cert).toString('base64') } }],
      users: [{ user: { token: TOKEN } }],
    });
  });

  it('is refused with the API server\'s reason when its token is wrong, and a missing folder is named', async () => {
    await writeFile(path.join(accountDir, 'token'), 'a-revoked-token\n');
    try {
      await env.apply(scraper('revoked'));
      const run = await env.run(await env.scraperId('revoked'));
      expect(run.errors).toHaveLength(1);
      expect(run.errors[0]).toMatch(new RegExp(`^kubernetes\\[0\\]: nothing could be read from ${cluster.url}: Namespace: Unauthorized; Node: Unauthorized;`));
    } finally {
      await writeFile(path.join(accountDir, 'token'), `${TOKEN}\n`);
    }

    process.env['PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR'] = path.join(accountDir, 'missing');
    try {
      await env.apply(scraper('no-account'));
      const run = await env.run(await env.scraperId('no-account'));
      expect(run.errors).toEqual([`kubernetes[0]: the pod's service account token (${path.join(accountDir, 'missing', 'token')}) cannot be read: mount the service account there or set PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR to its folder`]);
    } finally {
      process.env['PHAROS_KUBERNETES_SERVICE_ACCOUNT_DIR'] = accountDir;
    }
  });
});
