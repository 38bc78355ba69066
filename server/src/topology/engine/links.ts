import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { syncCanary } from '../../health/sync.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import type { SavedComponent, TopologyRow } from './persist.js';
import { checksQuery, componentsQuery, configsQuery, selectorId } from './selectors.js';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** selector_id of the links to the checks of a component's inline canary. */
const INLINE_PREFIX = 'inline:';

async function idsOf(db: Queryable, query: { text: string; values: unknown[] }): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(query.text, query.values);
  return rows.map((row) => row.id);
}

/** Links a component to the catalog items its `configs` pick; links a person made ('manual') stay as they are. */
async function linkConfigs(db: Queryable, component: SavedComponent): Promise<void> {
  const linked: string[] = [];
  for (const query of component.built.configs) {
    const ids = await idsOf(db, configsQuery([query]));
    linked.push(...ids);
    await db.query(
      `INSERT INTO config_component_relationships (component_id, config_id, selector_id) SELECT $1, unnest($2::uuid[]), $3
       ON CONFLICT (component_id, config_id) DO UPDATE SET deleted_at = NULL, selector_id = excluded.selector_id
       WHERE config_component_relationships.selector_id IS DISTINCT FROM 'manual'`,
      [component.id, ids, selectorId(query)],
    );
  }
  await db.query(
    `UPDATE config_component_relationships SET deleted_at = now()
     WHERE component_id = $1 AND deleted_at IS NULL AND selector_id IS DISTINCT FROM 'manual' AND NOT (config_id = ANY($2::uuid[]))`,
    [component.id, linked],
  );
}

async function saveCheckLinks(db: Queryable, componentId: string, checkIds: readonly string[], selector: string): Promise<void> {
  await db.query(
    `INSERT INTO check_component_relationships (component_id, check_id, selector_id) SELECT $1, unnest($2::uuid[]), $3
     ON CONFLICT (component_id, check_id) DO UPDATE SET deleted_at = NULL, selector_id = excluded.selector_id`,
    [componentId, checkIds, selector],
  );
}

/** Links a component to the checks its `checks[].selector` entries pick. */
async function linkSelectedChecks(db: Queryable, component: SavedComponent): Promise<void> {
  const linked: string[] = [];
  for (const entry of component.built.checks) {
    if (!isRecord(entry.selector)) continue;
    const ids = await idsOf(db, checksQuery(entry.selector));
    linked.push(...ids);
    await saveCheckLinks(db, component.id, ids, selectorId(entry.selector));
  }
  await db.query(
    `UPDATE check_component_relationships SET deleted_at = now()
     WHERE component_id = $1 AND deleted_at IS NULL AND coalesce(selector_id, '') NOT LIKE '${INLINE_PREFIX}%' AND NOT (check_id = ANY($2::uuid[]))`,
    [component.id, linked],
  );
}

/** Attaches the components a component's `selectors` pick under it (component_relationships). */
async function linkComponents(db: Queryable, component: SavedComponent): Promise<void> {
  const linked: string[] = [];
  for (const selector of component.built.selectors) {
    const ids = await idsOf(db, componentsQuery(selector, [component.id, ...component.ancestors]));
    linked.push(...ids);
    await db.query(
      `INSERT INTO component_relationships (component_id, relationship_id, selector_id) SELECT unnest($2::uuid[]), $1, $3
       ON CONFLICT (component_id, relationship_id) DO UPDATE SET deleted_at = NULL, selector_id = excluded.selector_id`,
      [component.id, ids, selectorId(selector)],
    );
  }
  await db.query('UPDATE component_relationships SET deleted_at = now() WHERE relationship_id = $1 AND deleted_at IS NULL AND NOT (component_id = ANY($2::uuid[]))', [
    component.id,
    linked,
  ]);
}

/** Of these components, those with live links of the engine's in a relationship table (the others have nothing to unlink). */
async function linkedAlready(db: Queryable, ids: readonly string[], table: string, column: string): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::uuid[]) AND deleted_at IS NULL AND selector_id IS DISTINCT FROM 'manual'`,
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** The links of every saved component to what its selectors pick, as they are now. */
export async function linkSelected(db: Queryable, components: readonly SavedComponent[]): Promise<void> {
  const ids = components.map((component) => component.id);
  const withConfigs = await linkedAlready(db, ids, 'config_component_relationships', 'component_id');
  const withChecks = await linkedAlready(db, ids, 'check_component_relationships', 'component_id');
  const withComponents = await linkedAlready(db, ids, 'component_relationships', 'relationship_id');
  for (const component of components) {
    const { configs, checks, selectors } = component.built;
    if (configs.length > 0 || withConfigs.has(component.id)) await linkConfigs(db, component);
    if (checks.some((entry) => isRecord(entry.selector)) || withChecks.has(component.id)) await linkSelectedChecks(db, component);
    if (selectors.length > 0 || withComponents.has(component.id)) await linkComponents(db, component);
  }
}

/** The inline canary specs of a component's `checks`, as one canary spec (lists joined). */
function inlineSpec(component: SavedComponent, schedule: string): Record<string, unknown> | undefined {
  const inline = component.built.checks.map((entry) => entry.inline).filter(isRecord);
  if (inline.length === 0) return undefined;
  const spec: Record<string, unknown> = { schedule };
  for (const entry of inline) {
    for (const [key, value] of Object.entries(entry)) {
      spec[key] = Array.isArray(value) && Array.isArray(spec[key]) ? [...(spec[key] as unknown[]), ...value] : value;
    }
  }
  return spec;
}

/**
 * As canary-checker does for `checks[].inline`: a canary of the component's own (source
 * `component/{id}`) whose checks are linked to it and run on the canary's schedule; a component
 * without inline checks loses its canary.
 */
export async function linkInlineChecks(pool: pg.Pool, topology: TopologyRow, components: readonly SavedComponent[], schedule: string, secrets?: ServerSecrets): Promise<void> {
  const { rows: had } = await pool.query<{ id: string }>(
    `SELECT substr(source, 11) AS id FROM canaries WHERE source = ANY($1::text[]) AND deleted_at IS NULL
     UNION SELECT component_id::text FROM check_component_relationships WHERE component_id = ANY($2::uuid[]) AND deleted_at IS NULL AND selector_id LIKE '${INLINE_PREFIX}%'`,
    [components.map((component) => `component/${component.id}`), components.map((component) => component.id)],
  );
  const hadInline = new Set(had.map((row) => row.id));
  for (const component of components) {
    const source = `component/${component.id}`;
    const spec = inlineSpec(component, schedule);
    if (!spec && !hadInline.has(component.id)) continue;
    if (!spec) {
      await pool.query('UPDATE canaries SET deleted_at = now() WHERE source = $1 AND deleted_at IS NULL', [source]);
      await pool.query(`UPDATE check_component_relationships SET deleted_at = now() WHERE component_id = $1 AND deleted_at IS NULL AND selector_id LIKE '${INLINE_PREFIX}%'`, [component.id]);
      continue;
    }
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM canaries WHERE source = $1 AND deleted_at IS NULL', [source]);
    let canaryId = rows[0]?.id;
    const name = `${topology.name}-${component.built.name}-${component.id.slice(0, 8)}`;
    if (canaryId) await pool.query('UPDATE canaries SET spec = $2, name = $3 WHERE id = $1', [canaryId, spec, name]);
    else {
      const { rows: inserted } = await pool.query<{ id: string }>(
        'INSERT INTO canaries (name, namespace, labels, spec, source, agent_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [name, topology.namespace, { 'topology-id': topology.id }, spec, source, topology.agent_id],
      );
      canaryId = inserted[0]!.id;
    }
    await syncCanary(pool, canaryId, secrets);
    const checkIds = (await pool.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL', [canaryId])).rows.map((row) => row.id);
    await saveCheckLinks(pool, component.id, checkIds, `${INLINE_PREFIX}${canaryId}`);
    await pool.query(
      `UPDATE check_component_relationships SET deleted_at = now() WHERE component_id = $1 AND deleted_at IS NULL AND selector_id LIKE '${INLINE_PREFIX}%' AND NOT (check_id = ANY($2::uuid[]))`,
      [component.id, checkIds],
    );
  }
}
