import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import { resourceByKind } from '../support/kube-apiserver/resources.js';
import { catalogTest } from './helpers.js';
import { ready, savedItems, scraperYaml, shop } from './kubernetes-shop.js';

/**
 * config-db's kubernetes scraper against the stand-in API server. Recorded answers: every object of
 * the stand-in's recorded/ (real cluster objects from flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0)), whose
 * health and status the first test checks; the shop beside them and its events are written in
 * kubernetes-shop.ts (server/test/support/kube-apiserver/README.md).
 */
const env = catalogTest('pharos-kubernetes-');
const items = (scraperId: string) => savedItems(env, scraperId);

let cluster: KubeApiServer;

beforeAll(async () => {
  cluster = await startKubeApiServer({ objects: [...Object.values(recordedObjects()), ...shop] });
});
afterAll(async () => {
  await cluster?.close();
});

describe('the kubernetes scraper', () => {
  it('saves every kind as config-db types it, with health from conditions, owners as parents and secrets without data', async () => {
    await env.apply(scraperYaml('cluster', cluster));
    const scraperId = await env.scraperId('cluster');
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([]);
    const saved = await items(scraperId);
    const types = new Set([...saved.values()].map((row) => row.type));
    for (const kind of ['Cluster', 'Namespace', 'Node', 'Pod', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Service', 'Ingress', 'ConfigMap', 'Secret', 'PersistentVolume', 'PersistentVolumeClaim', 'Job', 'CronJob']) {
      expect(types, kind).toContain(`Kubernetes::${kind}`);
    }
    expect(saved.get('Kubernetes::Pod/kube-system/coredns-7448775847-fswg4')).toMatchObject({ health: 'healthy', status: 'Running' });
    expect(saved.get('Kubernetes::Pod/argocd/my-pod')).toMatchObject({ health: 'unhealthy', status: 'CrashLoopBackOff' });
    expect(saved.get('Kubernetes::PersistentVolumeClaim/argocd/testpvc-2')).toMatchObject({ health: 'warning', status: 'Pending' });
    expect(saved.get('Kubernetes::Node/minikube')).toMatchObject({ health: 'healthy', status: 'Ready' });
    expect(saved.get('Kubernetes::Job/argoci-workflows/succeed')).toMatchObject({ health: 'healthy', status: 'Completed' });
    expect(saved.has('Kubernetes::Pod/shop/debug-canary')).toBe(false);

    const pod = saved.get('Kubernetes::Pod/shop/web-7d4b9-x2k8p')!;
    expect(pod).toMatchObject({ parent_type: 'Kubernetes::ReplicaSet', parent_name: 'web-7d4b9', tags: { cluster: 'demo', namespace: 'shop' } });
    expect((pod.config['metadata'] as Record<string, unknown>)['managedFields']).toBeUndefined();
    expect(saved.get('Kubernetes::ReplicaSet/shop/web-7d4b9')).toMatchObject({ parent_type: 'Kubernetes::Deployment', parent_name: 'web' });
    expect(saved.get('Kubernetes::Deployment/shop/web')).toMatchObject({ parent_type: 'Kubernetes::Namespace', parent_name: 'shop', health: 'healthy' });
    expect(saved.get('Kubernetes::Namespace/shop')).toMatchObject({ parent_type: 'Kubernetes::Cluster', parent_name: 'demo' });

    const secret = saved.get('Kubernetes::Secret/shop/web-tls')!;
    expect(secret.config).toMatchObject({ type: 'kubernetes.io/tls', metadata: { name: 'web-tls' } });
    expect(JSON.stringify(secret.config)).not.toContain('c2VjcmV0LWtleQ');
  });

  it('relates a pod to its node and a service to the pods it selects, and keeps the pod events as its changes', async () => {
    const saved = await items(await env.scraperId('cluster'));
    const pod = saved.get('Kubernetes::Pod/shop/web-7d4b9-x2k8p')!;
    const { rows: related } = await env.server.pool.query<{ from_type: string; from_name: string; to_type: string; to_name: string }>(
      `select f.type as from_type, f.name as from_name, t.type as to_type, t.name as to_name
         from config_relationships r join configs f on f.id = r.config_id join configs t on t.id = r.related_id
        where (r.config_id = $1 or r.related_id = $1) and r.relation <> 'hard'`,
      [pod.id],
    );
    expect(related).toEqual(
      expect.arrayContaining([
        { from_type: 'Kubernetes::Node', from_name: 'minikube', to_type: 'Kubernetes::Pod', to_name: 'web-7d4b9-x2k8p' },
        { from_type: 'Kubernetes::Service', from_name: 'web', to_type: 'Kubernetes::Pod', to_name: 'web-7d4b9-x2k8p' },
      ]),
    );
    const { rows: changes } = await env.server.pool.query('select change_type, severity, source, summary from config_changes where config_id = $1', [pod.id]);
    expect(changes).toEqual([{ change_type: 'BackOff', severity: 'medium', source: 'kubelet', summary: 'Back-off restarting failed container web' }]);
  });

  it('follows the cluster on the next scrape: a pod that is no longer ready', async () => {
    const scraperId = await env.scraperId('cluster');
    const pods = resourceByKind('Pod');
    cluster.store.put({ ...cluster.store.get(pods, 'shop', 'web-7d4b9-x2k8p')!, status: ready('False') });
    const run = await env.run(scraperId);
    expect(run.errors).toEqual([]);
    const saved = await items(scraperId);
    expect(saved.get('Kubernetes::Pod/shop/web-7d4b9-x2k8p')).toMatchObject({ health: 'warning', status: 'Running' });
    cluster.store.put({ ...cluster.store.get(pods, 'shop', 'web-7d4b9-x2k8p')!, status: ready('True') });
  });

  it('reads a kind page by page, as the API server continues its list', async () => {
    const configMaps: KubeObject[] = Array.from({ length: 1_001 }, (_, n) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `settings-${String(n).padStart(4, '0')}`, namespace: 'shop' }, data: { n: String(n) } }));
    const paged = await startKubeApiServer({ objects: [shop[0]!, ...configMaps] });
    try {
      await env.apply(scraperYaml('paged', paged, '      watch: false\n'));
      const scraperId = await env.scraperId('paged');
      expect((await env.run(scraperId, 60_000)).errors).toEqual([]);
      const { rows } = await env.server.pool.query<{ count: number }>("select count(*)::int as count from configs where scraper_id = $1 and type = 'Kubernetes::ConfigMap'", [scraperId]);
      expect(rows[0]!.count).toBe(1_001);
      const lists = paged.seen.filter((request) => request.path.startsWith('/api/v1/configmaps?'));
      expect(lists).toHaveLength(3);
      expect(lists.filter((request) => request.path.includes('continue=')).length).toBe(2);
    } finally {
      await paged.close();
    }
  });

  it('lists a kind again whole when its continue token expires mid-list (410 Expired), as client-go\'s pager does', async () => {
    const configMaps: KubeObject[] = Array.from({ length: 1_001 }, (_, n) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `settings-${String(n).padStart(4, '0')}`, namespace: 'shop' }, data: { n: String(n) } }));
    const expiring = await startKubeApiServer({ objects: [shop[0]!, ...configMaps] });
    let compacted = false;
    expiring.beforeList = (target, query) => {
      if (target.resource !== 'configmaps' || !query.get('continue') || compacted) return;
      // Between the first and second page the cluster changes and etcd compacts the list's version away.
      compacted = true;
      expiring.store.put({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings-late', namespace: 'shop' }, data: { n: 'late' } });
      expiring.store.compact();
    };
    try {
      await env.apply(scraperYaml('expiring', expiring, '      watch: false\n'));
      const scraperId = await env.scraperId('expiring');
      expect((await env.run(scraperId, 60_000)).errors).toEqual([]);
      const { rows } = await env.server.pool.query<{ name: string }>("select name from configs where scraper_id = $1 and type = 'Kubernetes::ConfigMap'", [scraperId]);
      expect(rows).toHaveLength(1_002);
      expect(rows.map((row) => row.name)).toContain('settings-late');
      const lists = expiring.seen.filter((request) => /^\/api\/v1\/configmaps(\?|$)/.test(request.path)).map((request) => request.path);
      expect(lists).toHaveLength(3);
      expect(lists[0]).toContain('limit=500');
      expect(lists[1]).toContain('continue=');
      // The list again whole: no limit, no continue.
      expect(lists[2]).toBe('/api/v1/configmaps');
    } finally {
      await expiring.close();
    }
  });

  it("applies config-db's own example with only a kubeconfig added: its exclusions, event exclusions and relationships hold", async () => {
    const example = parse(readFileSync(join(import.meta.dirname, 'fixtures/config-db/kubernetes.yaml'), 'utf8')) as { spec: { kubernetes: Array<Record<string, unknown>> } };
    example.spec.kubernetes[0]!['kubeconfig'] = { value: kubeconfigFor(cluster) };
    example.spec.kubernetes[0]!['watch'] = false;
    cluster.store.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'canaries' } });
    cluster.store.put({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'http-check-1', namespace: 'canaries' }, spec: { containers: [{ name: 'check', image: 'busybox' }] }, status: ready('True') });
    cluster.store.put({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'junit-run-1', namespace: 'shop' }, spec: { containers: [{ name: 'junit', image: 'busybox' }] }, status: ready('True') });
    const coredns = cluster.store.get(resourceByKind('Pod'), 'kube-system', 'coredns-7448775847-fswg4')!;
    const involved = { kind: 'Pod', name: coredns.metadata.name, namespace: 'kube-system', uid: String(coredns.metadata['uid']) };
    cluster.store.put({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'coredns.created', namespace: 'kube-system' }, involvedObject: involved, reason: 'SuccessfulCreate', message: 'Created pod: coredns-7448775847-fswg4', type: 'Normal', source: { component: 'replicaset-controller' } });
    cluster.store.put({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'coredns.pulled', namespace: 'kube-system' }, involvedObject: involved, reason: 'Pulled', message: 'Container image already present on machine', type: 'Normal', source: { component: 'kubelet' } });
    cluster.store.put({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pvc-testpvc' }, spec: { capacity: { storage: '1Gi' }, claimRef: { kind: 'PersistentVolumeClaim', name: 'testpvc', namespace: 'argocd' } }, status: { phase: 'Bound' } });
    const ids = await env.apply(stringify(example));
    const run = await env.run(ids[0]!);
    // Its transform reads every pod's spec.volumes, which a real pod always has (its service account's);
    // the two pods written here without any fail that expression, as they would in config-db.
    expect(run.errors.map((error) => error.replace(/https:\/\/127\.0\.0\.1:\d+/, 'SERVER'))).toEqual([
      'kubernetes[0]: SERVER Pod shop/debug-canary: 1:13: No such key: volumes',
      'kubernetes[0]: SERVER Pod shop/web-7d4b9-x2k8p: 1:13: No such key: volumes',
    ]);
    const saved = await items(ids[0]!);
    const types = new Set([...saved.values()].map((row) => row.type));
    expect(types).toContain('Kubernetes::Pod');
    expect(types).not.toContain('Kubernetes::Secret');
    expect(types).not.toContain('Kubernetes::ReplicaSet');
    // What is in the excluded namespaces, and names like junit*, are left out (the namespace itself, in none, stays, as in config-db).
    expect([...saved.keys()].filter((key) => key.includes('/canaries/') || key.includes('junit'))).toEqual([]);
    expect(saved.has('Kubernetes::Namespace/canaries')).toBe(true);
    const pod = saved.get('Kubernetes::Pod/kube-system/coredns-7448775847-fswg4')!;
    const { rows: changes } = await env.server.pool.query<{ change_type: string }>('select change_type from config_changes where config_id = $1', [pod.id]);
    expect(changes.map((change) => change.change_type)).toEqual(['Pulled']);

    // Its relationships: a volume's claimRef names the claim it is bound to, which is related to it.
    const volume = saved.get('Kubernetes::PersistentVolume/pvc-testpvc')!;
    const { rows: related } = await env.server.pool.query<{ type: string; name: string }>(
      "select c.type, c.name from config_relationships r join configs c on c.id = r.config_id where r.related_id = $1 and r.relation <> 'hard'",
      [volume.id],
    );
    expect(related).toEqual([{ type: 'Kubernetes::PersistentVolumeClaim', name: 'testpvc' }]);
  });

  it('reads what RBAC allows and says what it forbids', async () => {
    const guarded = await startKubeApiServer({ objects: shop, forbidden: [{ resource: 'secrets' }], user: 'system:serviceaccount:pharos:scraper' });
    try {
      await env.apply(scraperYaml('guarded', guarded));
      const scraperId = await env.scraperId('guarded');
      const run = await env.run(scraperId);
      expect(run.errors).toEqual(['kubernetes[0]: Secret: secrets is forbidden: User "system:serviceaccount:pharos:scraper" cannot list resource "secrets" in API group "" at the cluster scope']);
      const saved = await items(scraperId);
      expect(saved.has('Kubernetes::Pod/shop/web-7d4b9-x2k8p')).toBe(true);
      expect([...saved.values()].some((row) => row.type === 'Kubernetes::Secret')).toBe(false);
    } finally {
      await guarded.close();
    }
  });

  it('says why it cannot reach a cluster', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: no-cluster
spec:
  kubernetes:
    - clusterName: nowhere
`);
    const run = await env.run(await env.scraperId('no-cluster'));
    expect(run.errors).toEqual(['kubernetes[0]: no kubeconfig was given and Pharos does not run in a Kubernetes pod (KUBERNETES_SERVICE_HOST is unset): give a kubeconfig or a kubernetes connection']);
  });
});
