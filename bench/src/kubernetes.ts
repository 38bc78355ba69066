/**
 * The kubernetes scraper against the tests' stand-in API server holding 5,000 pods, 500 deployments
 * (each with a replica set) and 100 nodes: the time of a full scrape the way the engine's job runs it
 * (runScraper), printed beside the raw cost of listing the same objects through the same client, so
 * what the catalog's write path adds is plain. It must stay under a minute. Then the scraper follows
 * the cluster and a scaled deployment and a deleted pod are timed until the catalog shows them over
 * HTTP: within 5 s. BENCH_KUBERNETES_SCALE=0.1 runs a tenth of the cluster (while iterating).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runScraper } from '../../server/dist/catalog/run-scraper.js';
import { KubeClient } from '../../server/dist/kubernetes/client.js';
import { SCRAPED_KINDS } from '../../server/dist/catalog/kinds/kubernetes/resources.js';
import { ServerSecrets } from '../../server/dist/secrets/server-secrets.js';
import { kubeconfigFor, startKubeApiServer, type KubeObject } from '../../server/test/support/kube-apiserver/index.js';
import { measureWatchToCatalog, WATCH_TARGET_MS } from './kubernetes-watch.js';
import { migrate, openDatabase } from './server.js';

const SCALE = Number(process.env['BENCH_KUBERNETES_SCALE'] ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error('BENCH_KUBERNETES_SCALE must be a number above 0 and at most 1');
const PODS = Math.round(5_000 * SCALE);
const DEPLOYMENTS = Math.max(1, Math.round(500 * SCALE));
const NODES = Math.max(1, Math.round(100 * SCALE));
const NAMESPACES = Math.min(20, DEPLOYMENTS);
const TARGET_MS = 60_000;

function cluster(): KubeObject[] {
  const objects: KubeObject[] = [];
  for (let n = 0; n < NAMESPACES; n++) objects.push({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `team-${n}`, uid: `ns-${n}` }, status: { phase: 'Active' } });
  for (let n = 0; n < NODES; n++) {
    objects.push({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node-${n}`, uid: `node-${n}`, labels: { 'kubernetes.io/hostname': `node-${n}` } }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
  }
  for (let d = 0; d < DEPLOYMENTS; d++) {
    const namespace = `team-${d % NAMESPACES}`;
    const app = `app-${d}`;
    objects.push({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: app, namespace, uid: `deploy-${d}`, labels: { app } }, spec: { replicas: PODS / DEPLOYMENTS, selector: { matchLabels: { app } } }, status: { replicas: 10, readyReplicas: 10, updatedReplicas: 10 } });
    objects.push({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: `${app}-5d9c`, namespace, uid: `rs-${d}`, labels: { app }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: app, uid: `deploy-${d}`, controller: true }] }, spec: { replicas: 10 }, status: { replicas: 10, readyReplicas: 10 } });
    objects.push({ apiVersion: 'v1', kind: 'Service', metadata: { name: app, namespace, uid: `svc-${d}` }, spec: { selector: { app }, ports: [{ port: 80 }] } });
  }
  for (let p = 0; p < PODS; p++) {
    const d = p % DEPLOYMENTS;
    const app = `app-${d}`;
    objects.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `${app}-5d9c-${p}`, namespace: `team-${d % NAMESPACES}`, uid: `pod-${p}`, labels: { app }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${app}-5d9c`, uid: `rs-${d}`, controller: true }] },
      spec: { nodeName: `node-${p % NODES}`, containers: [{ name: 'app', image: `registry.example/${app}:1.0`, resources: { requests: { cpu: '100m', memory: '128Mi' } } }] },
      status: { phase: 'Running', podIP: `10.1.${Math.floor(p / 250)}.${p % 250}`, conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: {} } }] },
    });
  }
  return objects;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-kubernetes-'));
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL']?.trim() || undefined, dataDir, poolSize: 8 });
  const server = await startKubeApiServer({ objects: cluster() });
  try {
    await migrate(database.pool);
    const kubeconfig = kubeconfigFor(server);
    const spec = { kubernetes: [{ clusterName: 'bench', kubeconfig: { value: kubeconfig } }] };
    const { rows } = await database.pool.query<{ id: string }>("insert into config_scrapers (name, namespace, spec, source) values ('bench-kubernetes', 'bench', $1, 'bench') returning id", [JSON.stringify(spec)]);

    const client = await KubeClient.of({ kubeconfig });
    let started = performance.now();
    let listed = 0;
    for (const kind of SCRAPED_KINDS) listed += (await client.listAll(kind.apiVersion, kind.kind)).items.length;
    const listMs = performance.now() - started;

    const options = { pool: database.pool, secrets: new ServerSecrets(randomBytes(32)) };
    started = performance.now();
    const first = await runScraper(options, rows[0]!.id, AbortSignal.timeout(10 * 60_000));
    const firstMs = performance.now() - started;
    if (first.errors.length > 0) throw new Error(`the scrape failed: ${first.errors.join('; ')}`);
    started = performance.now();
    const second = await runScraper(options, rows[0]!.id, AbortSignal.timeout(10 * 60_000));
    const secondMs = performance.now() - started;
    const watch = await measureWatchToCatalog({
      ...options,
      server,
      scraperId: rows[0]!.id,
      watchedKinds: SCRAPED_KINDS.length + 1,
      deployment: { namespace: 'team-0', name: 'app-0' },
      pod: { namespace: `team-${(PODS - 1) % DEPLOYMENTS % NAMESPACES}`, name: `app-${(PODS - 1) % DEPLOYMENTS}-5d9c-${PODS - 1}` },
    });
    const watchMs = Math.max(watch.scaledMs, watch.deletedMs);

    console.log(`kubernetes scrape of ${PODS.toLocaleString('en')} pods, ${DEPLOYMENTS} deployments, ${NODES} nodes (${first.items.toLocaleString('en')} items)`);
    console.log(`  raw list of the same kinds: ${listed.toLocaleString('en')} objects in ${(listMs / 1000).toFixed(1)} s`);
    console.log(`  first scrape:  ${(firstMs / 1000).toFixed(1)} s (${(firstMs / listMs).toFixed(1)}× the raw list)`);
    console.log(`  second scrape (nothing changed): ${(secondMs / 1000).toFixed(1)} s, ${second.errors.length} errors`);
    console.log(`  watch to catalog (over HTTP): a scaled deployment in ${(watch.scaledMs / 1000).toFixed(2)} s, a deleted pod in ${(watch.deletedMs / 1000).toFixed(2)} s`);
    console.log(`  target: scrapes under ${TARGET_MS / 1000} s: ${firstMs < TARGET_MS && secondMs < TARGET_MS ? 'met' : 'MISSED'}`);
    console.log(`  target: a watch-driven change visible in the catalog within ${WATCH_TARGET_MS / 1000} s: ${watchMs < WATCH_TARGET_MS ? 'met' : 'MISSED'}`);
    if (firstMs >= TARGET_MS || secondMs >= TARGET_MS || watchMs >= WATCH_TARGET_MS) process.exitCode = 1;
  } finally {
    await server.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
