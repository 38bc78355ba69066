import { describe, expect, it } from 'vitest';
import { kubeconfigFor, startKubeApiServer, type KubeObject } from '../support/kube-apiserver/index.js';
import { resourceByKind } from '../support/kube-apiserver/resources.js';
import { Followers } from '../../src/catalog/followers.js';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { until } from '../support/until.js';
import { catalogTest } from './helpers.js';
import { POD_UID, ready, savedItems, scraperYaml, shop } from './kubernetes-shop.js';

/**
 * config-db's kubernetes scraper between scrapes: what it watches on the stand-in API server (each
 * test its own, holding the shop of kubernetes-shop.ts) reaches the catalog.
 */
const env = catalogTest('pharos-kubernetes-watch-');
const items = (scraperId: string) => savedItems(env, scraperId);

describe('the kubernetes scraper', () => {
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
});
