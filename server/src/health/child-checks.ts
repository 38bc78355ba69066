import type pg from 'pg';
import type { CheckRow, StatusRow } from './run-canary.js';
import type { ChildCheck } from './runners/types.js';

/**
 * Checks a run finds besides the spec's own: each suite of a junit check, `{junit check}/{suite}`,
 * and each check a `transform` gives, under its own name. They are of the same canary and type as
 * their parent, whose name their spec keeps as `{childOf: <name>}`. They get a status with every
 * run of their parent; the spec's sync keeps them while their parent stays, and one the run no
 * longer makes is deleted (after a last status when its `transformDeleteStrategy` says so).
 */
export const CHILD_OF = 'childOf';
const DELETE_STRATEGY = 'transformDeleteStrategy';
const LAST_STATUS: ReadonlyMap<string, boolean> = new Map([['MarkHealthy', true], ['MarkUnhealthy', false]]);

/** Why a child check is not run on its own. */
export function childNotRun(check: CheckRow): string {
  return `${check.name} is written by the ${check.type} check ${String(check.spec[CHILD_OF])}: run that one`;
}

const fullName = (parent: CheckRow, child: ChildCheck) => (child.ownName ? child.name : `${parent.name}/${child.name}`);

/**
 * Creates (or keeps) the checks of the parent's children and answers their statuses, at the
 * parent's time. A check of the spec (or of another parent) with a child's name is left alone.
 */
export async function childStatuses(pool: pg.Pool, parent: CheckRow, status: StatusRow): Promise<StatusRow[]> {
  if (!status.outcome.children) return [];
  // One check per name: the first child that has it.
  const seen = new Set<string>();
  const children = status.outcome.children.filter((child) => !seen.has(fullName(parent, child)) && Boolean(seen.add(fullName(parent, child))));
  const names = children.map((child) => fullName(parent, child));
  const { rows } = await pool.query<{ id: string; name: string | null; strategy: string | null }>(
    `WITH parent AS (SELECT canary_id, type, name, namespace, labels FROM checks WHERE id = $1),
     gone AS (
       UPDATE checks c SET deleted_at = now() FROM parent p
        WHERE c.canary_id = p.canary_id AND c.type = p.type AND c.spec ->> '${CHILD_OF}' = p.name
          AND c.deleted_at IS NULL AND NOT (c.name = ANY($2::text[]))
       RETURNING c.id, c.spec ->> '${DELETE_STRATEGY}' AS strategy),
     kept AS (
       INSERT INTO checks AS c (canary_id, type, name, namespace, description, icon, endpoint, labels, spec)
       SELECT p.canary_id, p.type, n.name, coalesce(n.namespace, p.namespace), n.description, n.icon, n.endpoint, coalesce(n.labels, p.labels),
              jsonb_strip_nulls(jsonb_build_object('${CHILD_OF}', p.name, '${DELETE_STRATEGY}', n.strategy))
         FROM parent p, unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[])
              AS n(name, namespace, description, icon, endpoint, labels, strategy)
       ON CONFLICT (canary_id, agent_id, type, name) WHERE deleted_at IS NULL
       DO UPDATE SET namespace = excluded.namespace, description = excluded.description, icon = excluded.icon,
         endpoint = excluded.endpoint, labels = excluded.labels, spec = excluded.spec
         WHERE c.spec ->> '${CHILD_OF}' = excluded.spec ->> '${CHILD_OF}'
       RETURNING c.id, c.name)
     SELECT id, name, NULL AS strategy FROM kept UNION ALL SELECT id, NULL, strategy FROM gone`,
    [
      parent.id,
      names,
      children.map((child) => child.namespace ?? null),
      children.map((child) => child.description ?? null),
      children.map((child) => child.icon ?? null),
      children.map((child) => child.endpoint ?? null),
      children.map((child) => (child.labels ? JSON.stringify(child.labels) : null)),
      children.map((child) => child.deleteStrategy ?? null),
    ],
  );
  const ids = new Map(rows.flatMap((row) => (row.name === null ? [] : [[row.name, row.id] as const])));
  const made = children.flatMap((child, index) => {
    const id = ids.get(names[index]!);
    return id ? [{ checkId: id, time: status.time, invalid: child.invalid ?? false, outcome: child.outcome }] : [];
  });
  const last = rows.flatMap((row) => {
    const pass = row.name === null && row.strategy !== null ? LAST_STATUS.get(row.strategy) : undefined;
    return pass === undefined ? [] : [{ checkId: row.id, time: status.time, invalid: false, outcome: { pass, duration: 0, message: `no longer made by ${parent.name}`, data: {} } }];
  });
  return [...made, ...last];
}
