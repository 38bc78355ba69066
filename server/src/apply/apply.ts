import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { checkConnectionReferences } from './connection-references.js';
import type { FileProblem, FileResource } from './files.js';
import { rowHolds } from './row-holds.js';
import { sameDocument, sealResource } from './sealed-specs.js';
import { KIND_STORES, LOCAL_AGENT_ID, ResourceProblem, type KindStore, type StoredRow } from './stores.js';

export type ApplyAction = 'created' | 'configured' | 'unchanged';

export interface AppliedResource {
  kind: string;
  namespace: string;
  name: string;
  id: string;
  action: ApplyAction;
}

export type ApplyResult = { resources: AppliedResource[] } | { problems: FileProblem[] };

/** Who applies: their person id is written as the creator (none from the command line). */
export interface Actor {
  personId?: string;
}

/** Source of a resource applied from a file: 'ConfigFile', with the path when known. */
export function configFileSource(path?: string): string {
  return path ? `ConfigFile=${path}` : 'ConfigFile';
}

/** A value as a query parameter: text arrays stay arrays (text[] columns), other objects go as JSON. */
function parameter(value: unknown): unknown {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

/** The live row of a resource in its table: found by name, and namespace and local agent where the table has them. */
export async function findRow(client: pg.PoolClient, store: KindStore, namespace: string, name: string): Promise<string | undefined> {
  const conditions = ['name = $1', 'deleted_at is null'];
  const values: unknown[] = [name];
  if (store.namespaced) {
    values.push(namespace);
    conditions.push(`namespace = $${values.length}`);
  }
  if (store.local) {
    values.push(LOCAL_AGENT_ID);
    conditions.push(`agent_id = $${values.length}`);
  }
  const { rows } = await client.query<{ id: string }>(`select id from ${store.table} where ${conditions.join(' and ')} limit 1 for update`, values);
  return rows[0]?.id;
}

async function applyOne(client: pg.PoolClient, written: FileResource, actor: Actor, secrets: ServerSecrets): Promise<AppliedResource> {
  const kind = written.kind.kind;
  await checkConnectionReferences(client, written);
  const store = KIND_STORES[kind]!;
  const existing = await findRow(client, store, written.namespace, written.name);
  const { rows: applied } = await client.query<{ document: Record<string, unknown>; path: string | null; resource_id: string }>(
    'select document, path, resource_id from applied_resources where kind = $1 and namespace = $2 and name = $3',
    [kind, written.namespace, written.name],
  );
  const previous = applied[0];
  const savedRow = existing ? (await client.query<StoredRow>(`select * from ${store.table} where id = $1`, [existing])).rows[0] : undefined;
  const resource = sealResource(written, store, { ...(savedRow ? { row: savedRow } : {}), ...(previous?.resource_id === existing ? { document: previous?.document } : {}) }, secrets);
  const source = configFileSource(resource.path);
  let id: string;
  let action: ApplyAction;
  const columns: Record<string, unknown> = { ...(await store.columns(resource, client)), source };
  const sameFile = existing && previous?.resource_id === existing && sameDocument(kind, previous.document, resource.document, secrets) && previous.path === (resource.path ?? null);
  if (existing && sameFile && savedRow && rowHolds(savedRow, columns, secrets)) {
    return { kind, namespace: resource.namespace, name: resource.name, id: existing, action: 'unchanged' };
  }
  const names = Object.keys(columns);
  const values = names.map((name) => parameter(columns[name]));
  if (existing) {
    const assignments = names.map((name, index) => `${name} = $${index + 2}`).join(', ');
    await client.query(`update ${store.table} set ${assignments}, updated_at = now() where id = $1`, [existing, ...values]);
    id = existing;
    action = 'configured';
  } else {
    const identity = store.namespaced ? { name: resource.name, namespace: resource.namespace } : { name: resource.name };
    const all = [...Object.keys(identity), ...names];
    const { rows } = await client.query<{ id: string }>(
      `insert into ${store.table} (${all.join(', ')}) values (${all.map((_, index) => `$${index + 1}`).join(', ')}) returning id`,
      [...Object.values(identity), ...values],
    );
    id = rows[0]!.id;
    action = 'created';
  }
  await client.query(
    `insert into applied_resources (kind, namespace, name, resource_id, document, path, applied_by) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (kind, namespace, name) do update set resource_id = excluded.resource_id, document = excluded.document,
       path = excluded.path, applied_by = excluded.applied_by, updated_at = now()`,
    [kind, resource.namespace, resource.name, id, resource.document, resource.path ?? null, actor.personId ?? null],
  );
  return { kind, namespace: resource.namespace, name: resource.name, id, action };
}

/**
 * Saves valid resources in one transaction: each is created, or updated when its kind's table has
 * it already (found by kind, namespace and name). A document that names something missing (a
 * notification's person) is a problem, and then nothing is saved.
 */
export async function applyResources(pool: pg.Pool, secrets: ServerSecrets, resources: readonly FileResource[], actor: Actor = {}): Promise<ApplyResult> {
  try {
    return await transaction(pool, async (client) => {
      if (actor.personId) await client.query("select set_config('pharos.person_id', $1, true)", [actor.personId]);
      const applied: AppliedResource[] = [];
      const problems: FileProblem[] = [];
      for (const resource of resources) {
        try {
          applied.push(await applyOne(client, resource, actor, secrets));
        } catch (error) {
          if (!(error instanceof ResourceProblem)) throw error;
          problems.push({ ...(resource.path ? { file: resource.path } : {}), index: resource.index, line: resource.lineOf(error.path), path: `/${error.path.join('/')}`, reason: error.message });
        }
      }
      if (problems.length > 0) throw new Refused(problems);
      return { resources: applied };
    });
  } catch (error) {
    if (error instanceof Refused) return { problems: error.problems };
    throw error;
  }
}

/** Rolls the transaction back when a document names something missing. */
class Refused extends Error {
  constructor(readonly problems: FileProblem[]) {
    super('refused');
  }
}
