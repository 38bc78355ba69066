import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { kubeconfigFor, recordedObjects, startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import { resourceByKind } from '../support/kube-apiserver/resources.js';
import { Followers } from '../../src/catalog/followers.js';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { until } from '../support/until.js';
import { catalogTest } from './helpers.js';

/**
 * config-db's kubernetes scraper against the stand-in API server. Recorded answers: every object of
 * the stand-in's recorded/ (real cluster objects from flanksource/is-healthy `pkg/health/testdata/` (Apache-2.0)), whose
 * health and status the first test checks; the shop beside them and its events are written here
 * (server/test/support/kube-apiserver/README.md).
 */
const env = catalogTest('pharos-kubernetes-');

const DEPLOYMENT_UID = '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a01';
const REPLICASET_UID = '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a02';
const POD_UID = '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a03';

const owner = (kind: string, name: string, uid: string) => [{ apiVersion: 'apps/v1', kind, name, uid, controller: true }];
const ready = (status: 'True' | 'False') => ({ phase: 'Running', conditions: [{ type: 'Ready', status }], containerStatuses: [{ name: 'web', ready: status === 'True', restartCount: 0, state: { running: {} } }] });

/** A small shop beside the recorded objects: a deployment, its replica set and pod on a node, a service, a secret, an event. */
const shop: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } },
  { apiVersion: 'v1', kind: 'Node', metadata: { name: 'minikube' }, status: { conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }] } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', uid: DEPLOYMENT_UID }, spec: { replicas: 1 }, status: { replicas: 1, readyReplicas: 1, updatedReplicas: 1 } },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-7d4b9', namespace: 'shop', uid: REPLICASET_UID, ownerReferences: owner('Deployment', 'web', DEPLOYMENT_UID) }, spec: { replicas: 1 }, status: { replicas: 1, readyReplicas: 1 } },
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-7d4b9-x2k8p', namespace: 'shop', uid: POD_UID, labels: { app: 'web' }, ownerReferences: owner('ReplicaSet', 'web-7d4b9', REPLICASET_UID), managedFields: [{ manager: 'kubelet' }] },
    spec: { nodeName: 'minikube', containers: [{ name: 'web', image: 'nginx' }] },
    status: ready('True'),
  },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'debug-canary', namespace: 'shop', labels: { app: 'web' } }, spec: { containers: [{ name: 'sh', image: 'busybox' }] }, status: { phase: 'Pending' } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'web-tls', namespace: 'shop' }, type: 'kubernetes.io/tls', data: { 'tls.key': 'c2VjcmV0LWtleQ==' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web-settings', namespace: 'shop' }, data: { mode: 'fast' } },
  { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', namespace: 'shop' }, spec: { schedule: '0 2 * * *', suspend: false } },
  { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' }, spec: { capacity: { storage: '1Gi' } }, status: { phase: 'Bound' } },
  {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-7d4b9-x2k8p.17a', namespace: 'shop', uid: '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0aee' },
    involvedObject: { kind: 'Pod', name: 'web-7d4b9-x2k8p', namespace: 'shop', uid: POD_UID },
    reason: 'BackOff',
    message: 'Back-off restarting failed container web',
    type: 'Warning',
    source: { component: 'kubelet', host: 'minikube' },
    lastTimestamp: '2026-01-05T10:00:00Z',
  },
];

let cluster: KubeApiServer;

beforeAll(async () => {
  cluster = await startKubeApiServer({ objects: [...Object.values(recordedObjects()), ...shop] });
});
afterAll(async () => {
  await cluster?.close();
});

interface Row {
  id: string;
  type: string;
  name: string;
  health: string | null;
  status: string | null;
  parent_type: string | null;
  parent_name: string | null;
  tags: Record<string, string>;
  config: Record<string, unknown>;
  deleted_at: Date | null;
}

async function items(scraperId: string): Promise<Map<string, Row>> {
  const { rows } = await env.server.pool.query<Row>(
    `select c.id, c.type, c.name, c.health, c.status, p.type as parent_type, p.name as parent_name, c.tags, c.config, c.deleted_at
       from configs c left join configs p on p.id = c.parent_id where c.scraper_id = $1`,
    [scraperId],
  );
  return new Map(rows.map((row) => [`${row.type}/${row.tags['namespace'] ? `${row.tags['namespace']}/` : ''}${row.name}`, row]));
}

const scraperYaml = (name: string, server: KubeApiServer, extra = '') => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  kubernetes:
    - clusterName: demo
      kubeconfig:
        value: |
${kubeconfigFor(server).split('\n').map((line) => `          ${line}`).join('\n')}
      exclusions:
        name: ['*-canary']
${extra}`;

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

  it('watches between scrapes: added, modified and deleted objects and new events are applied, and a too-old watch lists again', async () => {
    const watched = await startKubeApiServer({ objects: shop });
    const followers = new Followers();
    const pods = resourceByKind('Pod');
    try {
      await env.apply(scraperYaml('watched', watched));
      const scraperId = await env.scraperId('watched');
      const run = await runScraper({ ...env.options(), followers }, scraperId, AbortSignal.timeout(30_000));
      expect(run.errors).toEqual([]);
      // Every scraped kind and the events are watched.
      await until(async () => watched.openWatches, (count) => count === 16);

      watched.store.put({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-7d4b9-new', namespace: 'shop', labels: { app: 'web' } }, spec: { nodeName: 'minikube', containers: [{ name: 'web', image: 'nginx' }] }, status: ready('True') });
      watched.store.put({ ...watched.store.get(pods, 'shop', 'web-7d4b9-x2k8p')!, status: { phase: 'Failed', reason: 'Error' } });
      watched.store.remove(resourceByKind('ConfigMap'), 'shop', 'web-settings');
      watched.store.put({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.oom', namespace: 'shop' }, involvedObject: { kind: 'Pod', uid: POD_UID }, reason: 'OOMKilling', message: 'Memory cgroup out of memory', type: 'Warning', source: { component: 'kernel-monitor' } });
      await until(
        () => items(scraperId),
        (saved) =>
          saved.get('Kubernetes::Pod/shop/web-7d4b9-new')?.health === 'healthy' &&
          saved.get('Kubernetes::Pod/shop/web-7d4b9-x2k8p')?.health === 'unhealthy' &&
          saved.get('Kubernetes::ConfigMap/shop/web-settings')?.deleted_at !== null,
      );
      await until(
        async () => (await env.server.pool.query<{ change_type: string }>("select change_type from config_changes c join configs i on i.id = c.config_id where i.scraper_id = $1 and i.name = 'web-7d4b9-x2k8p'", [scraperId])).rows.map((row) => row.change_type),
        (types) => types.includes('OOMKilling') && types.includes('BackOff'),
      );

      // The API server ends every watch, as it does when a watch's time is up: the scraper watches on from the last version it saw.
      watched.dropWatches();
      watched.store.put({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'after-timeout', namespace: 'shop' }, spec: { containers: [] }, status: { phase: 'Succeeded' } });
      await until(() => items(scraperId), (saved) => saved.get('Kubernetes::Pod/shop/after-timeout')?.status === 'Completed');

      // It restarts and forgets its history meanwhile: a watch from the older version is 410 Gone, so the kinds are listed again.
      watched.dropWatches();
      watched.store.put({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'after-restart', namespace: 'shop' }, spec: { containers: [] }, status: { phase: 'Succeeded' } });
      watched.store.remove(resourceByKind('Secret'), 'shop', 'web-tls');
      watched.store.compact();
      await until(
        () => items(scraperId),
        (saved) => saved.get('Kubernetes::Pod/shop/after-restart')?.status === 'Completed' && saved.get('Kubernetes::Secret/shop/web-tls')?.deleted_at !== null,
      );
    } finally {
      followers.stopAll();
      await watched.close();
    }
  });

  it("watches within the scrape's field selector, as it lists", async () => {
    const selected = await startKubeApiServer({ objects: shop });
    const followers = new Followers();
    try {
      const lookups = '      relationships:\n        - {kind: {value: Deployment}, name: {label: shop/deployment}, namespace: {expr: metadata.namespace}}\n';
      await env.apply(scraperYaml('selected', selected, `      fieldSelector: metadata.namespace!=kube-system\n      watch: [{apiVersion: v1, kind: Pod}]\n${lookups}`));
      const scraperId = await env.scraperId('selected');
      expect((await runScraper({ ...env.options(), followers }, scraperId, AbortSignal.timeout(30_000))).errors).toEqual([]);
      await until(async () => selected.openWatches, (count) => count === 1);

      const pod = (name: string, namespace: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels: { 'shop/deployment': 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] }, status: ready('True') });
      selected.store.put(pod('kube-proxy-x1', 'kube-system'));
      selected.store.put(pod('web-7d4b9-late', 'shop'));
      const saved = await until(() => items(scraperId), (rows) => rows.has('Kubernetes::Pod/shop/web-7d4b9-late'));
      expect(saved.has('Kubernetes::Pod/kube-system/kube-proxy-x1')).toBe(false);
      // The entry's relationships lookups relate what the watch saves too: the deployment its label names.
      const { rows: related } = await env.server.pool.query<{ type: string; name: string }>(
        "select c.type, c.name from config_relationships r join configs c on c.id = r.config_id where r.related_id = $1 and r.relation <> 'hard' and c.type = 'Kubernetes::Deployment'",
        [saved.get('Kubernetes::Pod/shop/web-7d4b9-late')!.id],
      );
      expect(related).toEqual([{ type: 'Kubernetes::Deployment', name: 'web' }]);
    } finally {
      followers.stopAll();
      await selected.close();
    }
  });

  it("drops the events config-db's event.exclusions name, sets severity by severityKeywords, and excludes kinds whatever their case", async () => {
    const event = (name: string, reason: string, type: string, involved: { kind: string; name: string; namespace: string; uid?: string }): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: involved.namespace },
      involvedObject: involved,
      reason,
      message: `${reason} of ${involved.name}`,
      type,
      source: { component: 'kubelet' },
    });
    const web = { kind: 'Pod', name: 'web-7d4b9-x2k8p', namespace: 'shop', uid: POD_UID };
    const probe = { kind: 'Pod', name: 'probe', namespace: 'canaries', uid: '6f1c8a52-0d6e-4c55-9d0b-0c1f5c7e0a04' };
    const events = await startKubeApiServer({
      objects: [
        ...shop.filter((object) => object.kind !== 'Event'),
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'canaries' } },
        { apiVersion: 'v1', kind: 'Pod', metadata: { name: probe.name, namespace: probe.namespace, uid: probe.uid }, spec: { containers: [{ name: 'probe', image: 'busybox' }] }, status: ready('True') },
        event('web.created', 'SuccessfulCreate', 'Normal', web),
        event('web.mount', 'FailedMount', 'Warning', web),
        event('web.probe', 'Unhealthy', 'Normal', web),
        event('web.pulled', 'Pulled', 'Normal', web),
        event('probe.backoff', 'BackOff', 'Warning', probe),
      ],
    });
    const followers = new Followers();
    try {
      await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: events
spec:
  kubernetes:
    - clusterName: events
      kubeconfig:
        value: |
${kubeconfigFor(events).split('\n').map((line) => `          ${line}`).join('\n')}
      watch: [{apiVersion: v1, kind: Event}]
      exclusions:
        kind: [secret, configmap]
      event:
        exclusions:
          reason: [SuccessfulCreate]
          namespace: [canaries]
        severityKeywords:
          error: [failed*]
          warn: [unhealthy]
`);
      const scraperId = await env.scraperId('events');
      expect((await runScraper({ ...env.options(), followers }, scraperId, AbortSignal.timeout(30_000))).errors).toEqual([]);
      const saved = await items(scraperId);
      expect([...saved.values()].filter((row) => row.type === 'Kubernetes::Secret' || row.type === 'Kubernetes::ConfigMap')).toEqual([]);
      const changesOf = async (name: string) =>
        (await env.server.pool.query<{ change_type: string; severity: string }>('select c.change_type, c.severity from config_changes c join configs i on i.id = c.config_id where i.scraper_id = $1 and i.name = $2 order by c.change_type', [scraperId, name])).rows;
      expect(await changesOf('web-7d4b9-x2k8p')).toEqual([
        { change_type: 'FailedMount', severity: 'high' },
        { change_type: 'Pulled', severity: 'info' },
        { change_type: 'Unhealthy', severity: 'medium' },
      ]);
      expect(await changesOf('probe')).toEqual([]);

      // Between scrapes the watch drops the same events.
      await until(async () => events.openWatches, (count) => count === 1);
      events.store.put(event('web.created-again', 'SuccessfulCreate', 'Normal', web));
      events.store.put(event('web.scheduling', 'FailedScheduling', 'Warning', web));
      const watched = await until(() => changesOf('web-7d4b9-x2k8p'), (rows) => rows.some((row) => row.change_type === 'FailedScheduling'));
      expect(watched).toContainEqual({ change_type: 'FailedScheduling', severity: 'high' });
      expect(watched.some((row) => row.change_type === 'SuccessfulCreate')).toBe(false);
    } finally {
      followers.stopAll();
      await events.close();
    }
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
