import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { kubeAccessOf } from '../../kubernetes/access.js';
import type { KubeAccess } from '../../kubernetes/client.js';
import { kubeconfigTextOf } from '../../kubernetes/kubeconfig-text.js';
import type { CommandRun } from '../../commands/index.js';
import { writeOwned } from './git-credentials.js';
import type { ActionContext } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ExecConnectionError extends Error {}

/** The cluster the config item's scraper reads (its first `kubernetes` entry), or none when no kubernetes scraper made it. */
async function accessFromConfigItem(pool: pg.Pool, context: ActionContext, id: string, missing: 'error' | 'none' = 'error'): Promise<KubeAccess | undefined> {
  if (!UUID.test(id)) throw new ExecConnectionError(`connections.fromConfigItem is not a config item's id: ${id}`);
  const { rows } = await pool.query<{ spec: Record<string, unknown> | null; namespace: string | null }>(
    'SELECT s.spec, s.namespace FROM configs c LEFT JOIN config_scrapers s ON s.id = c.scraper_id WHERE c.id = $1',
    [id],
  );
  if (rows.length === 0 && missing === 'none') return undefined;
  if (rows.length === 0) throw new ExecConnectionError(`connections.fromConfigItem: no config item has the id ${id}`);
  const entries = Array.isArray(rows[0]!.spec?.['kubernetes']) ? (rows[0]!.spec['kubernetes'] as unknown[]).filter(isRecord) : [];
  if (entries.length === 0) return undefined;
  const chosen = entries.find((entry) => entry['kubeconfig'] !== undefined || entry['connection'] !== undefined) ?? entries[0]!;
  return kubeAccessOf(chosen, { pool, secrets: context.secrets, namespace: rows[0]!.namespace ?? 'default' });
}

/** Which cluster an exec's `connections` (mission-control's fields) names, if any. */
async function kubeAccessOfConnections(connections: Record<string, unknown>, context: ActionContext, implicit: boolean): Promise<KubeAccess | undefined> {
  const pool = context.pool;
  if (!pool) throw new ExecConnectionError('connections cannot be read here');
  const fromConfigItem = connections['fromConfigItem'];
  if (typeof fromConfigItem === 'string' && fromConfigItem.trim() !== '') {
    const found = await accessFromConfigItem(pool, context, fromConfigItem.trim(), implicit ? 'none' : 'error');
    if (found) return found;
  }
  const kubernetes = connections['kubernetes'];
  if (kubernetes !== undefined && kubernetes !== null) {
    if (!isRecord(kubernetes)) throw new ExecConnectionError('connections.kubernetes: write {connection: connection://…} or {kubeconfig: {valueFrom: …}}');
    return kubeAccessOf(kubernetes, { pool, secrets: context.secrets, namespace: context.namespace ?? 'default' });
  }
  if (connections['serviceAccount'] === true) return { inCluster: true };
  return undefined;
}

/**
 * The environment an exec's `connections` gives its script: for a cluster, a kubeconfig holding only
 * that cluster and its credentials, in a file of the run's folder only the run's user can read (the
 * folder is removed after the run), named by KUBECONFIG.
 */
export async function execConnectionEnv(run: CommandRun, body: Record<string, unknown>, context: ActionContext): Promise<Record<string, string>> {
  const given = body['connections'];
  // A run on a config item that names no connections reaches the cluster the item was scraped from (mission-control's examples call kubectl so).
  const implicit = given === undefined || given === null;
  const connections = implicit ? (context.configId ? { fromConfigItem: context.configId } : {}) : given;
  if (!isRecord(connections)) throw new ExecConnectionError('connections: write {kubernetes: {connection: …}} or {fromConfigItem: "{{.config.id}}"}');
  let access: KubeAccess | undefined;
  try {
    access = await kubeAccessOfConnections(connections, context, implicit);
    if (!access) return {};
    const { kubeconfig } = await kubeconfigTextOf(access);
    const file = `${run.folder}/.pharos-kubeconfig`;
    await writeOwned(run, file, kubeconfig, 0o600);
    return { KUBECONFIG: file };
  } catch (error) {
    // Unasked for, a cluster that cannot be reached is no reason to fail a script that may not use it.
    if (implicit) return {};
    if (error instanceof ExecConnectionError) throw error;
    throw new ExecConnectionError(`connections.kubernetes: ${(error as Error).message}`);
  }
}
