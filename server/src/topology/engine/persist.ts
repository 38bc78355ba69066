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

/**
 * Saves the tree in place: a component found by its key is updated (and brought back if it was
 * deleted), a new one inserted; parent_id and path (the ancestors' ids, dot separated) follow the tree.
 * Status, health and summary are left to their own computations.
 */
export async function saveTree(client: pg.PoolClient, topology: TopologyRow, roots: readonly BuiltComponent[]): Promise<SavedComponent[]> {
  const { rows } = await client.query<ExistingRow>('SELECT id, parent_id, type, external_id, deleted_at FROM components WHERE topology_id = $1 ORDER BY deleted_at NULLS FIRST, created_at', [topology.id]);
  const existing = new Map<string, string>();
  for (const row of rows) {
    const key = keyOf(row.parent_id, row.type, row.external_id ?? '');
    if (!existing.has(key)) existing.set(key, row.id);
  }
  const saved: SavedComponent[] = [];
  const used = new Set<string>();
  const save = async (component: BuiltComponent, parentId: string | null, ancestors: string[]) => {
    const values = [
      component.name,
      component.text,
      component.icon,
      component.type,
      component.tooltip,
      component.owner,
      component.lifecycle,
      JSON.stringify(component.labels),
      JSON.stringify(component.properties),
      component.hidden,
      component.components.length === 0,
      JSON.stringify(component.selectors),
      JSON.stringify(component.checks),
      JSON.stringify(component.configs),
      JSON.stringify(component.logs),
      component.statusExpr,
      component.healthExpr,
      component.externalId,
      parentId,
      ancestors.join('.'),
      topology.id,
      topology.agent_id,
    ];
    let id = existing.get(keyOf(parentId, component.type, component.externalId));
    if (id && used.has(id)) id = undefined;
    if (id) {
      await client.query(
        `UPDATE components SET name = $1, text = $2, icon = $3, type = $4, tooltip = $5, owner = $6, lifecycle = $7, labels = $8, properties = $9,
           hidden = $10, is_leaf = $11, selectors = $12, check_selectors = $13, config_selectors = $14, logs = $15, status_expr = $16,
           health_expr = $17, external_id = $18, parent_id = $19, path = $20, topology_id = $21, agent_id = $22, deleted_at = NULL
         WHERE id = $23`,
        [...values, id],
      );
    } else {
      const { rows: inserted } = await client.query<{ id: string }>(
        `INSERT INTO components (name, text, icon, type, tooltip, owner, lifecycle, labels, properties, hidden, is_leaf, selectors, check_selectors,
           config_selectors, logs, status_expr, health_expr, external_id, parent_id, path, topology_id, agent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING id`,
        values,
      );
      id = inserted[0]!.id;
    }
    used.add(id);
    saved.push({ id, built: component, parentId, ancestors });
    for (const child of component.components) await save(child, id, [...ancestors, id]);
  };
  for (const root of roots) await save(root, null, []);
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
  await client.query('UPDATE component_relationships SET deleted_at = now() WHERE (component_id = ANY($1::uuid[]) OR relationship_id = ANY($1::uuid[])) AND deleted_at IS NULL', [ids]);
  await client.query("UPDATE canaries SET deleted_at = now() WHERE source = ANY($1::text[]) AND deleted_at IS NULL", [ids.map((id) => `component/${id}`)]);
  return ids.length;
}
