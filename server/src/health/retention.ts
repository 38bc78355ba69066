import type pg from 'pg';
import type { JobDefinition } from '../engine/job.js';

export const CHECK_STATUS_RETENTION = 'CheckStatusRetention';

/** Days each kind of history is kept, unless the property of the same name says otherwise. */
export const CHECK_RETENTION_DAYS = {
  'check.retention.raw': { table: 'check_statuses', days: 30 },
  'check.retention.hourly': { table: 'check_statuses_1h', days: 90 },
  'check.retention.daily': { table: 'check_statuses_1d', days: 270 },
  'check.retention.monthly': { table: 'check_statuses_1mo', days: 1830 },
} as const;

/**
 * Rolls the daily roll-up of the last two months that have ended into the monthly one (the one
 * before covers statuses that arrived late), before any of their days expire.
 */
async function rollUpMonths(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `INSERT INTO check_statuses_1mo AS r (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
     SELECT check_id, date_trunc('month', time, 'UTC'), sum(total), sum(passed), sum(failed), sum(duration_sum), min(duration_min), max(duration_max)
       FROM check_statuses_1d
      WHERE time >= date_trunc('month', now(), 'UTC') - interval '2 months' AND time < date_trunc('month', now(), 'UTC')
      GROUP BY 1, 2
     ON CONFLICT (check_id, time) DO UPDATE
       SET total = EXCLUDED.total, passed = EXCLUDED.passed, failed = EXCLUDED.failed, duration_sum = EXCLUDED.duration_sum,
           duration_min = EXCLUDED.duration_min, duration_max = EXCLUDED.duration_max`,
  );
  return rowCount ?? 0;
}

/** Rolls ended months up, then deletes check history past its retention: raw statuses and each roll-up by its own. */
export function checkStatusRetention(pool: pg.Pool): JobDefinition {
  return {
    name: CHECK_STATUS_RETENTION,
    timeoutMs: 30 * 60_000,
    async run() {
      const months = await rollUpMonths(pool);
      const deleted: Record<string, number> = {};
      for (const [property, { table, days }] of Object.entries(CHECK_RETENTION_DAYS)) {
        const { rowCount } = await pool.query(
          `DELETE FROM ${table}
            WHERE time < now() - make_interval(days => coalesce((SELECT value::integer FROM properties WHERE name = $1 AND value ~ '^\\d+$'), $2))`,
          [property, days],
        );
        deleted[table] = rowCount ?? 0;
      }
      return { successCount: Object.values(deleted).reduce((sum, count) => sum + count, 0), details: { summary: { deleted, months } } };
    },
  };
}
