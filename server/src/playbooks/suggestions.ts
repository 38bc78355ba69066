import type pg from 'pg';
import { playbooksFor, type AvailablePlaybook } from './available.js';
import type { RunTarget } from './resource.js';

/** A playbook that can run on the resource, with how often it fixed the resource's failure before. */
export interface SuggestedFix extends AvailablePlaybook {
  /** Its completed runs on the resource. */
  runs: number;
  /** Those run while the resource failed and followed by its recovery within the window. */
  fixes: number;
  last_fixed_at: string | null;
}

// The checks whose results say whether the resource failed and recovered: its own, a component's, a config's.
const RESOURCE_CHECKS: Readonly<Record<RunTarget['kind'], string>> = {
  checks: 'SELECT $1::uuid AS check_id',
  components: 'SELECT check_id FROM check_component_relationships WHERE component_id = $1 AND deleted_at IS NULL',
  configs: 'SELECT check_id FROM check_config_relationships WHERE config_id = $1 AND deleted_at IS NULL',
};
const RUN_COLUMN: Readonly<Record<RunTarget['kind'], string>> = { checks: 'check_id', components: 'component_id', configs: 'config_id' };

/**
 * Per playbook, the completed runs on the resource and those that fixed it: one of its checks failed
 * at the run's start and passed within `windowMs` after the run ended.
 */
const fixCounts = (kind: RunTarget['kind']) => `
  WITH resource_checks AS (${RESOURCE_CHECKS[kind]}),
  runs AS (
    SELECT r.playbook_id, r.end_time,
           EXISTS (
             SELECT 1 FROM resource_checks k
              WHERE (SELECT s.status FROM check_statuses s
                      WHERE s.check_id = k.check_id AND NOT s.invalid AND s.time <= coalesce(r.start_time, r.created_at)
                      ORDER BY s.time DESC LIMIT 1) = false
                AND EXISTS (SELECT 1 FROM check_statuses s
                             WHERE s.check_id = k.check_id AND s.status AND NOT s.invalid
                               AND s.time > r.end_time AND s.time <= r.end_time + $3 * interval '1 millisecond')
           ) AS fixed
      FROM playbook_runs r
     WHERE r.${RUN_COLUMN[kind]} = $1 AND r.playbook_id = ANY($2::uuid[]) AND r.status = 'completed' AND r.end_time IS NOT NULL
  )
  SELECT playbook_id, count(*)::int AS runs, count(*) FILTER (WHERE fixed)::int AS fixes, max(end_time) FILTER (WHERE fixed) AS last_fixed_at
    FROM runs GROUP BY playbook_id`;

/** The playbooks whose selectors match the resource, those that fixed it most often first, then by title. */
export async function suggestedFixes(pool: pg.Pool, target: RunTarget, windowMs: number): Promise<SuggestedFix[]> {
  const available = await playbooksFor(pool, target);
  if (available.length === 0) return [];
  const { rows } = await pool.query<{ playbook_id: string; runs: number; fixes: number; last_fixed_at: Date | null }>(fixCounts(target.kind), [
    target.id,
    available.map((playbook) => playbook.id),
    windowMs,
  ]);
  const counts = new Map(rows.map((row) => [row.playbook_id, row]));
  return available
    .map((playbook, order) => {
      const count = counts.get(playbook.id);
      return { order, fix: { ...playbook, runs: count?.runs ?? 0, fixes: count?.fixes ?? 0, last_fixed_at: count?.last_fixed_at?.toISOString() ?? null } };
    })
    .sort((a, b) => b.fix.fixes - a.fix.fixes || a.order - b.order)
    .map(({ fix }) => fix);
}
