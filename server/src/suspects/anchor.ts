import type pg from 'pg';
import type { AnchorKind } from './request.js';

/** Where the graph walk starts: the configs, components and checks of the anchor itself, at distance 0. */
export interface Seeds {
  configs: string[];
  components: string[];
  checks: string[];
}

export interface Anchor {
  kind: AnchorKind;
  id: string;
  name: string;
  /** When it failed, turned unhealthy or opened: changes are looked for before this. */
  transitionAt: Date;
  seeds: Seeds;
}

/**
 * When the checks of `checks` (SQL of a uuid[]) last turned from passing to failing: the first failure
 * after the last pass before their latest failure; null when they never failed.
 */
const transitionOf = (checks: string) => `(
  WITH latest_fail AS (SELECT max(time) AS at FROM check_statuses WHERE check_id = ANY(${checks}) AND NOT status AND NOT invalid),
       last_pass AS (SELECT max(s.time) AS at FROM check_statuses s, latest_fail f
                      WHERE s.check_id = ANY(${checks}) AND s.status AND NOT s.invalid AND s.time < f.at)
  SELECT min(s.time) FROM check_statuses s, latest_fail f, last_pass p
   WHERE s.check_id = ANY(${checks}) AND NOT s.status AND NOT s.invalid
     AND s.time > coalesce(p.at, '-infinity') AND s.time <= f.at)`;

// Named statements: each connection plans them once.
const CHECK_ANCHOR = `SELECT name, ${transitionOf('ARRAY[id]')} AS at FROM checks WHERE id = $1 AND deleted_at IS NULL`;
const COMPONENT_ANCHOR = `
  SELECT c.name, c.status, c.updated_at,
         ${transitionOf('array(SELECT r.check_id FROM check_component_relationships r WHERE r.component_id = c.id AND r.deleted_at IS NULL)')} AS at
    FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL`;

/** The anchor, or undefined when no live row has the id. */
export async function loadAnchor(pool: pg.Pool, kind: AnchorKind, id: string): Promise<Anchor | undefined> {
  if (kind === 'check') {
    const { rows } = await pool.query<{ name: string; at: Date | null }>({ name: 'suspects-check-anchor', text: CHECK_ANCHOR, values: [id] });
    if (!rows[0]) return undefined;
    return { kind, id, name: rows[0].name, transitionAt: rows[0].at ?? new Date(), seeds: { configs: [], components: [], checks: [id] } };
  }
  if (kind === 'component') {
    const { rows } = await pool.query<{ name: string; status: string | null; updated_at: Date; at: Date | null }>({ name: 'suspects-component-anchor', text: COMPONENT_ANCHOR, values: [id] });
    const row = rows[0];
    if (!row) return undefined;
    // A component keeps no history of its own status: its checks' failures date the turn, else its last update while unhealthy.
    const fromChecks = row.at;
    const unhealthy = row.status === 'unhealthy' || row.status === 'warning';
    return { kind, id, name: row.name, transitionAt: fromChecks ?? (unhealthy ? row.updated_at : new Date()), seeds: { configs: [], components: [id], checks: [] } };
  }
  const { rows } = await pool.query<{ title: string; created_at: Date; configs: string[]; components: string[]; checks: string[] }>(
    `SELECT i.title, i.created_at,
            array(SELECT DISTINCT e.config_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.incident_id = i.id AND e.config_id IS NOT NULL) AS configs,
            array(SELECT DISTINCT e.component_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.incident_id = i.id AND e.component_id IS NOT NULL) AS components,
            array(SELECT DISTINCT e.check_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.incident_id = i.id AND e.check_id IS NOT NULL) AS checks
       FROM incidents i WHERE i.id = $1 AND i.deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { kind, id, name: row.title, transitionAt: row.created_at, seeds: { configs: row.configs, components: row.components, checks: row.checks } };
}
