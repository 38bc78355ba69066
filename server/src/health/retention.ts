import type pg from 'pg';
import type { JobDefinition } from '../engine/job.js';

export const CHECK_STATUS_RETENTION = 'CheckStatusRetention';

/** Days each kind of history is kept, unless the property of the same name says otherwise. */
export const CHECK_RETENTION_DAYS = {
  'check.retention.raw': { table: 'check_statuses', days: 30 },
  'check.retention.hourly': { table: 'check_statuses_1h', days: 90 },
  'check.retention.daily': { table: 'check_statuses_1d', days: 270 },
} as const;

/** Deletes check history past its retention: raw statuses, hourly and daily roll-ups each by their own. */
export function checkStatusRetention(pool: pg.Pool): JobDefinition {
  return {
    name: CHECK_STATUS_RETENTION,
    timeoutMs: 30 * 60_000,
    async run() {
      const deleted: Record<string, number> = {};
      for (const [property, { table, days }] of Object.entries(CHECK_RETENTION_DAYS)) {
        const { rowCount } = await pool.query(
          `DELETE FROM ${table}
            WHERE time < now() - make_interval(days => coalesce((SELECT value::integer FROM properties WHERE name = $1 AND value ~ '^\\d+$'), $2))`,
          [property, days],
        );
        deleted[table] = rowCount ?? 0;
      }
      return { successCount: Object.values(deleted).reduce((sum, count) => sum + count, 0), details: { summary: { deleted } } };
    },
  };
}
