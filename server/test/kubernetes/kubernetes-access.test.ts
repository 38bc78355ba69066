import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStoredValue } from '../../src/secret-store/store.js';
import { catalogTest } from '../catalog/helpers.js';
import { saveConnection, testSaved } from '../connections/helpers.js';
import { kubeconfigFor, startKubeApiServer, type KubeApiServer } from '../support/kube-apiserver/index.js';
import { TEST_SECRETS } from '../support/server.js';

/**
 * Reaching a cluster through a secret or a kubernetes connection. No recorded answer is used: the one
 * namespace is written here, and the stand-in's wire answers (lists, /version, 401) are its own
 * (server/test/support/kube-apiserver/README.md).
 */
const env = catalogTest('pharos-kube-access-', { sandbox: false });
let cluster: KubeApiServer;

beforeAll(async () => {
  cluster = await startKubeApiServer({ objects: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } }] });
});
afterAll(async () => {
  await cluster?.close();
});

const scraper = (name: string, access: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  kubernetes:
    - clusterName: ${name}
      watch: false
${access}`;

async function namespacesOf(scraperId: string): Promise<string[]> {
  const { rows } = await env.server.pool.query<{ name: string }>("select name from configs where scraper_id = $1 and type = 'Kubernetes::Namespace'", [scraperId]);
  return rows.map((row) => row.name);
}

describe('reaching a cluster', () => {
  it('takes the kubeconfig from a secret (valueFrom.secretKeyRef), as canary-checker and config-db do', async () => {
    await setStoredValue(env.server.pool, TEST_SECRETS, { kind: 'Secret', namespace: 'default', name: 'cluster-access', key: 'kubeconfig' }, kubeconfigFor(cluster));
    await env.apply(scraper('from-secret', '      kubeconfig:\n        valueFrom:\n          secretKeyRef: {name: cluster-access, key: kubeconfig}\n'));
    const scraperId = await env.scraperId('from-secret');
    expect((await env.run(scraperId)).errors).toEqual([]);
    expect(await namespacesOf(scraperId)).toEqual(['shop']);
  });

  it('takes it from a kubernetes connection, whose test reads the cluster version', async () => {
    await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: stand-in
spec:
  kubernetes:
    certificate:
      value: |
${kubeconfigFor(cluster).split('\n').map((line) => `        ${line}`).join('\n')}
`);
    await env.apply(scraper('from-connection', '      connection: connection://default/stand-in\n'));
    const scraperId = await env.scraperId('from-connection');
    expect((await env.run(scraperId)).errors).toEqual([]);
    expect(await namespacesOf(scraperId)).toEqual(['shop']);

    const { rows } = await env.server.pool.query<{ id: string }>("select id from connections where name = 'stand-in'");
    expect(await testSaved(env.server, env.token, rows[0]!.id)).toMatchObject({ status: 200 });
  });

  it('says what is wrong with a connection test: a wrong token, a path instead of a kubeconfig', async () => {
    const wrong = await saveConnection(env.server, env.token, { type: 'kubernetes', certificate: kubeconfigFor(cluster, 'not-the-token') });
    expect(await testSaved(env.server, env.token, wrong.id)).toMatchObject({ message: expect.stringContaining('401') });
    const path = await saveConnection(env.server, env.token, { type: 'kubernetes', certificate: '/root/.kube/config' });
    expect((await testSaved(env.server, env.token, path.id)).message).toContain('give the kubeconfig file\'s content (or a secret holding it), not a path');
  });
});
