import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { BuiltComponent } from './build.js';

/** A component of this run with the id it has in `components`. */
export interface SavedComponent {
  id: string;
  built: BuiltComponent;
  parentId: string | null;
  /** Ids from the root down to the parent. */
  ancestors: string[];
}

export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
  agent_id: string;
  deleted_at: Date | null;
}

interface ExistingRow {
  id: string;
  parent_id: string | null;
  type: string | null;
  external_id: string | null;
  deleted_at: Date | null;
}

/** A component keeps its id from run to run: the same parent, type and external id (its name unless the spec gives an id). */
const keyOf = (parentId: string | null, type: string | null, externalId: string) => JSON.stringify([parentId ?? '', type ?? '', externalId]);

/** The columns saveTree writes, as jsonb_to_recordset reads them. */
const COLUMNS = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['text', 'text'],
  ['icon', 'text'],
  ['type', 'text'],
  ['tooltip', 'text'],
  ['owner', 'text'],
  ['lifecycle', 'text'],
  ['labels', 'jsonb'],
  ['properties', 'jsonb'],
  ['hidden', 'boolean'],
  ['is_leaf', 'boolean'],
  ['selectors', 'jsonb'],
  ['check_selectors', 'jsonb'],
  ['config_selectors', 'jsonb'],
  ['logs', 'jsonb'],
  ['status_expr', 'text'],
  ['health_expr', 'text'],
  ['external_id', 'text'],
  ['parent_id', 'uuid'],
  ['path', 'text'],
  ['topology_id', 'uuid'],
  ['agent_id', 'uuid'],
] as const;

const RECORDSET = `jsonb_to_recordset($1::jsonb) AS r(${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`;
const WRITTEN = COLUMNS.filter(([name]) => name !== 'id').map(([name]) => name);

/**
 * Saves the tree in place: a component found by its key is updated (and brought back if it was
 * deleted; left alone when nothing changed), a new one inserted; parent_id and path (the ancestors'
 * ids, dot separated) follow the tree. Two statements whatever the size of the tree. Status, health
 * and summary are left to their own computations.
 */
export async function saveTree(client: pg.PoolClient, topology: TopologyRow, roots: readonly BuiltComponent[]): Promise<SavedComponent[]> {
  const { rows } = await client.query<ExistingRow>('SELECT id, parent_id, type, external_id, deleted_at FROM components WHERE topology_id = $1 ORDER BY deleted_at NULLS FIRST, created_at', [topology.id]);
  const existing = new Map<string, string>();
  for (const row of rows) {
    const key = keyOf(row.parent_id, row.type, row.external_id ?? '');
    if (!existing.has(key)) existing.set(key, row.id);
  }
  const saved: SavedComponent[] = [];
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const used = new Set<string>();
  const place = (component: BuiltComponent, parentId: string | null, ancestors: string[]) => {
    let id = existing.get(keyOf(parentId, component.type, component.externalId));
    const found = id !== undefined && !used.has(id);
    if (!found) id = randomUUID();
    used.add(id!);
    const row = {
      id,
      name: component.name,
      text: component.text,
      icon: component.icon,
      type: component.type,
      tooltip: component.tooltip,
      owner: component.owner,
      lifecycle: component.lifecycle,
      labels: component.labels,
      properties: component.properties,
      hidden: component.hidden,
      is_leaf: component.components.length === 0,
      selectors: component.selectors,
      check_selectors: component.checks,
      config_selectors: component.configs,
      logs: component.logs,
      status_expr: component.statusExpr,
      health_expr: component.healthExpr,
      external_id: component.externalId,
      parent_id: parentId,
      path: ancestors.join('.'),
      topology_id: topology.id,
      agent_id: topology.agent_id,
    };
    (found ? updates : inserts).push(row);
    saved.push({ id: id!, built: component, parentId, ancestors });
    for (const child of component.components) place(child, id!, [...ancestors, id!]);
  };
  for (const root of roots) place(root, null, []);
  // Parents come before their children, and foreign keys are checked at the end of each statement.
  if (inserts.length > 0) {
    await client.query(`INSERT INTO components (id, ${WRITTEN.join(', ')}) SELECT r.id, ${WRITTEN.map((name) => `r.${name}`).join(', ')} FROM ${RECORDSET}`, [JSON.stringify(inserts)]);
  }
  if (updates.length > 0) {
    await client.query(
      `UPDATE components c SET ${WRITTEN.map((name) => `${name} = r.${name}`).join(', ')}, deleted_at = NULL FROM ${RECORDSET}
       WHERE c.id = r.id AND ((${WRITTEN.map((name) => `c.${name}`).join(', ')}, c.deleted_at) IS DISTINCT FROM (${WRITTEN.map((name) => `r.${name}`).join(', ')}, NULL))`,
      [JSON.stringify(updates)],
    );
  }
  return saved;
}

/**
 * Soft-deletes the topology's components this run did not produce, with their links to checks,
 * components and (other than those a person made) catalog items. Answers how many were deleted.
 */
export async function deleteVanished(client: pg.PoolClient | pg.Pool, topologyId: string, kept: readonly string[]): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    'UPDATE components SET deleted_at = now() WHERE topology_id = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[])) RETURNING id',
    [topologyId, kept],
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  await client.query('UPDATE check_component_relationships SET deleted_at = now() WHERE component_id = ANY($1::uuid[]) AND deleted_at IS NULL', [ids]);
  await client.query(
    "UPDATE config_component_relationships SET deleted_at = now() WHERE component_id = ANY($1::uuid[]) AND deleted_at IS NULL AND selector_id IS DISTINCT FROM 'manual'",
    [ids],
  );
  // Components of other topologies these were attached under lose them: their health is worked out again.
  await client.query(
    `SELECT enqueue_event('topology.health.stale', r.relationship_id::text, jsonb_build_object('component_id', r.relationship_id))
     FROM (SELECT DISTINCT relationship_id FROM component_relationships WHERE component_id = ANY($1::uuid[]) AND NOT (relationship_id = ANY($1::uuid[])) AND deleted_at IS NULL) r`,
    [ids],
  );
  await client.query('UPDATE component_relationships SET deleted_at = now() WHERE (component_id = ANY($1::uuid[]) OR relationship_id = ANY($1::uuid[])) AND deleted_at IS NULL', [ids]);
  await client.query("UPDATE canaries SET deleted_at = now() WHERE source = ANY($1::text[]) AND deleted_at IS NULL", [ids.map((id) => `component/${id}`)]);
  return ids.length;
}
