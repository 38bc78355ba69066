/**
 * The target "a watch-driven change visible in the catalog within 5 s": once the scraper
 * follows the cluster, one object is changed in the stand-in and the catalog is asked over HTTP
 * (the data service, as the web app reads it) until the config's row shows it.
 */
import type pg from 'pg';
import { Followers } from '../../server/dist/catalog/followers.js';
import { runScraper } from '../../server/dist/catalog/run-scraper.js';
import type { ServerSecrets } from '../../server/dist/secrets/server-secrets.js';
import type { KubeApiServer } from '../../server/test/support/kube-apiserver/index.js';
import { resourceByKind } from '../../server/test/support/kube-apiserver/resources.js';
import { buildApp, createToken } from './server.js';

export const WATCH_TARGET_MS = 5_000;
const POLL_MS = 20;

export interface WatchFigures {
  /** From the stand-in storing a deployment's new replicas to the catalog's row showing them. */
  scaledMs: number;
  /** From the stand-in deleting a pod to the catalog's row being marked deleted. */
  deletedMs: number;
}

interface Target {
  pool: pg.Pool;
  secrets: ServerSecrets;
  server: KubeApiServer;
  scraperId: string;
  /** Watches the scraper opens: one per scraped kind and one for the events. */
  watchedKinds: number;
  deployment: { namespace: string; name: string };
  pod: { namespace: string; name: string };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (done(await read())) return;
    if (performance.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** One scrape with the watch on, then a scale and a deletion timed until the catalog (over HTTP) shows each. */
export async function measureWatchToCatalog(target: Target): Promise<WatchFigures> {
  const { pool, server } = target;
  const followers = new Followers();
  const app = await buildApp({ pool, webDir: null, secrets: target.secrets });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await createToken(pool, { email: `bench-kubernetes-${Date.now()}@example.com`, roles: ['viewer'], tokenName: 'bench-kubernetes' });
    const idOf = async (type: string, name: string, namespace: string): Promise<string> => {
      const { rows } = await pool.query<{ id: string }>("select id from configs where scraper_id = $1 and type = $2 and name = $3 and tags ->> 'namespace' = $4", [target.scraperId, type, name, namespace]);
      if (!rows[0]) throw new Error(`the scrape saved no ${type} ${namespace}/${name}`);
      return rows[0].id;
    };
    const row = async (id: string) => {
      const query = `configs?select=id,config,deleted_at&id=eq.${id}`;
      const response = await fetch(`${url}/api/db/${query}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET /api/db/configs answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as Array<{ config: { spec?: { replicas?: number } }; deleted_at: string | null }>)[0];
    };

    const run = await runScraper({ pool, secrets: target.secrets, followers }, target.scraperId, AbortSignal.timeout(10 * 60_000));
    if (run.errors.length > 0) throw new Error(`the scrape failed: ${run.errors.join('; ')}`);
    await waitFor('the watches', async () => server.openWatches, (open) => open >= target.watchedKinds);
    const deploymentId = await idOf('Kubernetes::Deployment', target.deployment.name, target.deployment.namespace);
    const podId = await idOf('Kubernetes::Pod', target.pod.name, target.pod.namespace);

    const deployments = resourceByKind('Deployment');
    const current = server.store.get(deployments, target.deployment.namespace, target.deployment.name)!;
    const replicas = Number((current['spec'] as { replicas?: number }).replicas ?? 1) + 3;
    let started = performance.now();
    server.store.put({ ...current, spec: { ...(current['spec'] as Record<string, unknown>), replicas } });
    await waitFor('the scaled deployment', () => row(deploymentId), (found) => found?.config.spec?.replicas === replicas);
    const scaledMs = performance.now() - started;

    started = performance.now();
    server.store.remove(resourceByKind('Pod'), target.pod.namespace, target.pod.name);
    await waitFor('the deleted pod', () => row(podId), (found) => found?.deleted_at !== null && found?.deleted_at !== undefined);
    const deletedMs = performance.now() - started;
    return { scaledMs, deletedMs };
  } finally {
    followers.stopAll();
    await app.close();
  }
}
