import { redactSealed } from '@pharos/core';
import type pg from 'pg';
import { APPLY_KINDS, applyKindNamed, type ApplyKind } from './kinds.js';
import { KIND_STORES, LOCAL_AGENT_ID, type StoredRow } from './stores.js';

/** Most resources one `get` prints. */
export const GET_LIMIT = 1000;

export interface GetQuery {
  kind: string;
  name?: string;
  /** Every namespace when absent. */
  namespace?: string;
}

/** A kind `get` does not know: the message names the known ones. */
export class UnknownKindError extends Error {
  constructor(kind: string) {
    super(`unknown kind ${kind}: one of ${APPLY_KINDS.map((known) => known.kind).join(', ')}`);
  }
}

function documentOf(kind: ApplyKind, row: StoredRow): Record<string, unknown> {
  const store = KIND_STORES[kind.kind]!;
  const applied = row['applied_document'] as Record<string, unknown> | null;
  // The table's spec wins over the applied one: it is what runs, even when changed since.
  if (applied) return store.hasSpec ? { ...applied, spec: row['spec'] } : applied;
  const labels = row['labels'] as Record<string, unknown> | undefined;
  const metadata = {
    name: row['name'],
    ...(store.namespaced ? { namespace: row['namespace'] } : {}),
    ...(labels && Object.keys(labels).length > 0 ? { labels } : {}),
  };
  return { apiVersion: kind.apiVersions[0], kind: kind.kind, metadata, spec: store.specOf(row) };
}

/**
 * The resources of a kind (or the one named) as documents in the shape `pharos apply` takes: the
 * document it was applied from, else one written from its row, sealed credentials as `<sealed>`.
 */
export async function getResources(pool: pg.Pool, query: GetQuery): Promise<Record<string, unknown>[]> {
  const kind = applyKindNamed(query.kind);
  if (!kind) throw new UnknownKindError(query.kind);
  const store = KIND_STORES[kind.kind]!;
  const values: unknown[] = [kind.kind];
  const conditions = ['t.deleted_at is null'];
  const where = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (query.name !== undefined) where((p) => `t.name = ${p}`, query.name);
  if (query.namespace !== undefined && store.namespaced) where((p) => `t.namespace = ${p}`, query.namespace);
  if (store.local) where((p) => `t.agent_id = ${p}`, LOCAL_AGENT_ID);
  const order = store.namespaced ? 't.namespace, t.name' : 't.name';
  const { rows } = await pool.query<StoredRow>(
    `select t.*, a.document as applied_document${store.extraSelect ? `, ${store.extraSelect}` : ''}
       from ${store.table} t left join applied_resources a on a.resource_id = t.id and a.kind = $1
      where ${conditions.join(' and ')} order by ${order} limit ${GET_LIMIT}`,
    values,
  );
  // Sealed credentials are printed as '<sealed>': applying the output again keeps them.
  return rows.map((row) => redactSealed(documentOf(kind, row)));
}
