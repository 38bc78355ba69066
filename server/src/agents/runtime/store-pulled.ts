import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import { withoutAgentSelector } from '../assignment.js';
import type { PullAnswer } from '../pull-route.js';
import { ASSIGNABLE_TABLES, type AssignableTable, type AssignedSpec } from '../sync/assigned.js';

/** How pulled rows are marked on the agent: they are upstream's, never pushed back, and replaced on each pull. */
export const PULLED_SOURCE = 'upstream';

const EXTRA: Record<AssignableTable, 'icon' | 'description'> = { canaries: 'icon', config_scrapers: 'description', topologies: 'icon' };

async function storeKind(client: pg.PoolClient, table: AssignableTable, specs: readonly AssignedSpec[]): Promise<void> {
  const extra = EXTRA[table];
  for (const spec of specs) {
    // Kept under upstream's id, so what the agent's engines produce refers to the row upstream holds.
    await client.query(
      `insert into ${table} (id, name, namespace, labels, spec, ${extra}, source)
       values ($1, $2, $3, $4, $5, $6, '${PULLED_SOURCE}')
       on conflict (id) do update set name = excluded.name, namespace = excluded.namespace, labels = excluded.labels,
         spec = excluded.spec, ${extra} = excluded.${extra}, deleted_at = null
       where ${table}.source = '${PULLED_SOURCE}'
         and (${table}.deleted_at is not null or (${table}.name, ${table}.namespace, ${table}.labels, ${table}.spec, ${table}.${extra})
              is distinct from (excluded.name, excluded.namespace, excluded.labels, excluded.spec, excluded.${extra}))`,
      [spec.id, spec.name, spec.namespace, spec.labels ?? {}, withoutAgentSelector(spec.spec), spec[extra] ?? null],
    );
  }
  await client.query(
    `update ${table} set deleted_at = now() where source = '${PULLED_SOURCE}' and deleted_at is null and not (id = any($1::uuid[]))`,
    [specs.map((spec) => spec.id)],
  );
}

/** Makes the agent's pulled canaries, scrape configs and topologies what upstream assigns now. */
export async function storePulled(pool: pg.Pool, answer: PullAnswer): Promise<void> {
  await transaction(pool, async (client) => {
    for (const table of ASSIGNABLE_TABLES) await storeKind(client, table, answer[table]);
  });
}
