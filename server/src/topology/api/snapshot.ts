import { strToU8, zipSync } from 'fflate';
import type pg from 'pg';
import type { SnapshotRequest } from './snapshot-request.js';
import { CLOSED_INCIDENT_STATUSES } from './topology-sql.js';

const STATEMENT_TIMEOUT_MS = 15_000;
/** Most rows of one kind an archive holds; the newest are kept and the manifest says when some were left out. */
export const SNAPSHOT_ROW_LIMIT = 10_000;

type Row = Record<string, unknown>;

export interface Snapshot {
  /** File name for the download. */
  fileName: string;
  archive: Uint8Array;
}

/** The components of the snapshot: the one asked for, and with related its ancestors and its whole subtree. */
const COMPONENTS_SQL = `
WITH RECURSIVE
up (id, parent_id) AS (
  SELECT id, parent_id FROM components WHERE id = $1
  UNION
  SELECT c.id, c.parent_id FROM up JOIN components c ON c.id = up.parent_id WHERE $2::boolean
),
down (id) AS (
  SELECT $1::uuid
  UNION
  SELECT c.id FROM down JOIN components c ON c.parent_id = down.id WHERE $2::boolean AND c.deleted_at IS NULL
)
SELECT to_jsonb(c) - 'created_by' AS row
  FROM components c
 WHERE c.id IN (SELECT id FROM up UNION SELECT id FROM down)
 ORDER BY c.path NULLS FIRST, c.name`;

const CHECKS_SQL = `
SELECT to_jsonb(ck) - 'spec' || jsonb_build_object(
         'component_ids', (SELECT array_agg(r.component_id ORDER BY r.component_id) FROM check_component_relationships r
                            WHERE r.check_id = ck.id AND r.deleted_at IS NULL AND r.component_id = ANY($1::uuid[])),
         'canary_name', cn.name) AS row
  FROM checks ck JOIN canaries cn ON cn.id = ck.canary_id
 WHERE ck.deleted_at IS NULL
   AND ck.id IN (SELECT check_id FROM check_component_relationships WHERE component_id = ANY($1::uuid[]) AND deleted_at IS NULL)
 ORDER BY ck.name`;

const STATUSES_SQL = `
SELECT jsonb_build_object('check_id', check_id, 'time', time, 'status', status, 'invalid', invalid, 'duration', duration,
                          'message', message, 'error', error) AS row
  FROM check_statuses WHERE check_id = ANY($1::uuid[]) AND time >= $2
 ORDER BY time DESC LIMIT $3`;

const CONFIGS_SQL = `
SELECT to_jsonb(cf) || jsonb_build_object(
         'component_ids', (SELECT array_agg(r.component_id ORDER BY r.component_id) FROM config_component_relationships r
                            WHERE r.config_id = cf.id AND r.deleted_at IS NULL AND r.component_id = ANY($1::uuid[]))) AS row
  FROM configs cf
 WHERE cf.deleted_at IS NULL
   AND cf.id IN (SELECT config_id FROM config_component_relationships WHERE component_id = ANY($1::uuid[]) AND deleted_at IS NULL)
 ORDER BY cf.name`;

const CHANGES_SQL = `
SELECT to_jsonb(cc) - 'created_by' AS row FROM config_changes cc
 WHERE cc.config_id = ANY($1::uuid[]) AND cc.created_at >= $2
 ORDER BY cc.created_at DESC LIMIT $3`;

/** Insights open now, or seen or changed within the range. */
const INSIGHTS_SQL = `
SELECT to_jsonb(ca) AS row FROM config_analysis ca
 WHERE ca.config_id = ANY($1::uuid[])
   AND (ca.status = 'open' OR coalesce(ca.last_observed, ca.updated_at) >= $2)
 ORDER BY coalesce(ca.last_observed, ca.first_observed) DESC LIMIT $3`;

/** Incidents linked through their evidences to the components, open now or changed within the range. */
const INCIDENTS_SQL = `
SELECT to_jsonb(i) - 'created_by' || jsonb_build_object(
         'component_ids', (SELECT array_agg(DISTINCT e.component_id) FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id
                            WHERE h.incident_id = i.id AND e.component_id = ANY($1::uuid[]))) AS row
  FROM incidents i
 WHERE i.id IN (SELECT h.incident_id FROM hypotheses h JOIN evidences e ON e.hypothesis_id = h.id WHERE e.component_id = ANY($1::uuid[]))
   AND i.deleted_at IS NULL AND (i.status <> ALL($4::text[]) OR i.updated_at >= $2)
 ORDER BY i.created_at DESC LIMIT $3`;

function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'component';
}

/**
 * The snapshot archive of a component (GET /api/snapshot/topology/{id}): a zip of JSON files, one
 * per kind — components, checks (with their statuses in the range), configs, changes, insights and
 * incidents — and snapshot.json saying what was asked and counted. Null when the component does
 * not exist.
 */
export async function topologySnapshot(pool: pg.Pool, request: SnapshotRequest, now = new Date()): Promise<Snapshot | null> {
  const since = new Date(now.getTime() - request.rangeMs);
  const client = await pool.connect();
  const rows = async (text: string, values: unknown[]): Promise<Row[]> => (await client.query<{ row: Row }>(text, values)).rows.map((r) => r.row);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
    const { rows: asked } = await client.query<{ name: string }>('SELECT name FROM components WHERE id = $1 AND deleted_at IS NULL', [request.id]);
    if (!asked[0]) {
      await client.query('ROLLBACK');
      return null;
    }
    const components = await rows(COMPONENTS_SQL, [request.id, request.related]);
    const componentIds = components.map((c) => c.id);
    const checks = await rows(CHECKS_SQL, [componentIds]);
    const statuses = await rows(STATUSES_SQL, [checks.map((c) => c.id), since, SNAPSHOT_ROW_LIMIT + 1]);
    const configs = await rows(CONFIGS_SQL, [componentIds]);
    const configIds = configs.map((c) => c.id);
    const changes = await rows(CHANGES_SQL, [configIds, since, SNAPSHOT_ROW_LIMIT + 1]);
    const insights = await rows(INSIGHTS_SQL, [configIds, since, SNAPSHOT_ROW_LIMIT + 1]);
    const incidents = await rows(INCIDENTS_SQL, [componentIds, since, SNAPSHOT_ROW_LIMIT + 1, CLOSED_INCIDENT_STATUSES]);
    await client.query('COMMIT');

    const truncated: string[] = [];
    const capped = (name: string, list: Row[]) => {
      if (list.length <= SNAPSHOT_ROW_LIMIT) return list;
      truncated.push(name);
      return list.slice(0, SNAPSHOT_ROW_LIMIT);
    };
    const keptStatuses = capped('check_statuses', statuses);
    const byCheck = new Map<unknown, Row[]>();
    for (const status of keptStatuses) byCheck.set(status.check_id, [...(byCheck.get(status.check_id) ?? []), status]);
    const files: Record<string, Row[]> = {
      'components.json': components,
      'checks.json': checks.map((check) => ({ ...check, statuses: byCheck.get(check.id) ?? [] })),
      'configs.json': configs,
      'changes.json': capped('changes', changes),
      'insights.json': capped('insights', insights),
      'incidents.json': capped('incidents', incidents),
    };
    const manifest = {
      component_id: request.id,
      component_name: asked[0].name,
      related: request.related,
      start: since.toISOString(),
      end: now.toISOString(),
      created_at: now.toISOString(),
      counts: Object.fromEntries(Object.entries(files).map(([name, list]) => [name.replace(/\.json$/, ''), list.length])),
      truncated,
    };
    const entries: Record<string, Uint8Array> = { 'snapshot.json': strToU8(JSON.stringify(manifest, null, 2)) };
    for (const [name, list] of Object.entries(files)) entries[name] = strToU8(JSON.stringify(list, null, 2));
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    return { fileName: `snapshot-${fileSafe(asked[0].name)}-${stamp}.zip`, archive: zipSync(entries, { level: 6 }) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
