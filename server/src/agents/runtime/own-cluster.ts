import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from '../../logger.js';
import { setStoredValue } from '../../secret-store/store.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import type { OwnClusterSetting } from '../pull-route.js';

/** How the agent's own cluster scraper is told from the others on the agent (and upstream, where it is pushed). */
export const OWN_CLUSTER_SOURCE = 'AgentKubernetes';
const SCRAPER_NAME = 'kubernetes';
/** The agent's secret store entry holding its KUBECONFIG's content: the pushed spec names it, never the credentials. */
const KUBECONFIG_SECRET = { kind: 'Secret' as const, namespace: 'default', name: 'pharos-agent-kubeconfig', key: 'kubeconfig' };

export interface OwnClusterContext {
  pool: pg.Pool;
  secrets: ServerSecrets;
  logger: Logger;
  env: NodeJS.ProcessEnv;
}

/** The first file of KUBECONFIG (a list, as kubectl reads it), resolved against the working directory. */
function kubeconfigPath(env: NodeJS.ProcessEnv): string | undefined {
  const first = env['KUBECONFIG']?.split(path.delimiter).find((entry) => entry.trim() !== '');
  return first ? path.resolve(first.trim()) : undefined;
}

/**
 * The scraper spec of the agent's own cluster: reached through the agent process's KUBECONFIG (its
 * content kept in the agent's secret store) or else the service account of the pod it runs in.
 */
async function ownClusterSpec(setting: OwnClusterSetting, context: OwnClusterContext): Promise<Record<string, unknown>> {
  const file = kubeconfigPath(context.env);
  const access: Record<string, unknown> = {};
  if (file) {
    const content = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new Error(`KUBECONFIG names ${file}, which cannot be read: ${(error as Error).message}`);
    });
    await setStoredValue(context.pool, context.secrets, KUBECONFIG_SECRET, content);
    access['kubeconfig'] = { valueFrom: { secretKeyRef: { name: KUBECONFIG_SECRET.name, key: KUBECONFIG_SECRET.key } } };
  }
  return { schedule: `@every ${setting.interval}`, kubernetes: [{ clusterName: setting.clusterName, ...access }] };
}

/**
 * Makes the agent's own cluster scraper what upstream's setting says: with `kubernetes.enabled`, a
 * scraper of the agent's cluster every `interval`, whose items are pushed like those of any other
 * scrape; disabled, that scraper is deleted (and its items with it).
 */
export async function syncOwnCluster(setting: OwnClusterSetting | undefined, context: OwnClusterContext): Promise<void> {
  const { pool } = context;
  const { rows } = await pool.query<{ id: string; spec: Record<string, unknown> }>('select id, spec from config_scrapers where source = $1 and deleted_at is null', [OWN_CLUSTER_SOURCE]);
  const current = rows[0];
  if (!setting?.enabled) {
    if (current) {
      await pool.query('update config_scrapers set deleted_at = now() where id = $1', [current.id]);
      context.logger.info('This agent no longer scrapes its own Kubernetes cluster');
    }
    return;
  }
  const spec = await ownClusterSpec(setting, context);
  if (current && JSON.stringify(current.spec) === JSON.stringify(spec)) return;
  if (current) await pool.query('update config_scrapers set spec = $2, updated_at = now() where id = $1', [current.id, spec]);
  else await pool.query(`insert into config_scrapers (name, namespace, spec, source, description) values ($1, 'default', $2, $3, $4)`, [SCRAPER_NAME, spec, OWN_CLUSTER_SOURCE, "The agent's own Kubernetes cluster"]);
  context.logger.info({ interval: setting.interval }, 'This agent scrapes its own Kubernetes cluster');
}
