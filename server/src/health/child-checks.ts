import type pg from 'pg';
import type { CheckRow, StatusRow } from './run-canary.js';

/**
 * Checks a run finds besides the spec's own: each suite of a junit check is a check of its own,
 * `{junit check}/{suite}`, of the same canary and type, whose spec is `{childOf: <the junit check's
 * name>}`. They get a status with every run of their parent; the spec's sync keeps them while their
 * parent stays, and a suite the results no longer have is deleted.
 */
export const CHILD_OF = 'childOf';

/** Why a child check is not run on its own. */
export function childNotRun(check: CheckRow): string {
  return `${check.name} is written by the ${check.type} check ${String(check.spec[CHILD_OF])}: run that one`;
}

/** Creates (or keeps) the checks of the parent's children and answers their statuses, at the parent's time. */
export async function childStatuses(pool: pg.Pool, parent: CheckRow, status: StatusRow): Promise<StatusRow[]> {
  const children = status.outcome.children;
  if (!children) return [];
  const names = children.map((child) => `${parent.name}/${child.name}`);
  const { rows } = await pool.query<{ id: string; name: string }>(
    `WITH parent AS (SELECT canary_id, type, name, namespace, labels FROM checks WHERE id = $1),
     gone AS (
       UPDATE checks c SET deleted_at = now() FROM parent p
        WHERE c.canary_id = p.canary_id AND c.type = p.type AND c.spec ->> '${CHILD_OF}' = p.name
          AND c.deleted_at IS NULL AND NOT (c.name = ANY($2::text[])))
     INSERT INTO checks (canary_id, type, name, namespace, labels, spec)
     SELECT p.canary_id, p.type, n.name, p.namespace, p.labels, jsonb_build_object('${CHILD_OF}', p.name)
       FROM parent p, unnest($2::text[]) AS n(name)
     ON CONFLICT (canary_id, type, name) WHERE deleted_at IS NULL
     DO UPDATE SET namespace = excluded.namespace, labels = excluded.labels
     RETURNING id, name`,
    [parent.id, names],
  );
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  return children.flatMap((child, index) => {
    const id = ids.get(names[index]!);
    return id ? [{ checkId: id, time: status.time, invalid: false, outcome: child.outcome }] : [];
  });
}
