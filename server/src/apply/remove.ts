import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { findRow } from './apply.js';
import type { FileResource } from './files.js';
import { KIND_STORES } from './stores.js';

export interface RemovedResource {
  kind: string;
  namespace: string;
  name: string;
  action: 'deleted' | 'not found';
}

/**
 * Deletes the resources the documents name (kind, namespace, name), in one transaction: each live
 * row is marked deleted and forgets the document it was applied from.
 */
export async function removeResources(pool: pg.Pool, resources: readonly FileResource[]): Promise<RemovedResource[]> {
  return transaction(pool, async (client) => {
    const removed: RemovedResource[] = [];
    for (const resource of resources) {
      const kind = resource.kind.kind;
      const store = KIND_STORES[kind]!;
      const id = await findRow(client, store, resource.namespace, resource.name);
      if (id) await client.query(`update ${store.table} set deleted_at = now() where id = $1`, [id]);
      await client.query('delete from applied_resources where kind = $1 and namespace = $2 and name = $3', [kind, resource.namespace, resource.name]);
      removed.push({ kind, namespace: resource.namespace, name: resource.name, action: id ? 'deleted' : 'not found' });
    }
    return removed;
  });
}
