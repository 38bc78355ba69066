import { isRecord, parseGoDuration } from '@pharos/core';
import type pg from 'pg';

/** What a scraper's retention removed in one run. */
export interface RetentionResult {
  /** config_changes deleted by `retention.changes`. */
  changes: number;
  /** Items soft-deleted by a type's createdAge or updatedAge. */
  deleted: number;
  /** Soft-deleted items removed for good by a type's deletedAge. */
  removed: number;
}

const records = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Seconds of a duration field, or undefined when the rule leaves it out. */
function seconds(rule: Record<string, unknown>, field: string): number | undefined {
  const value = text(rule[field]);
  return value === undefined ? undefined : parseGoDuration(value) / 1000;
}

/**
 * `retention.changes` ([{name, age, count}], as config-db): changes of that change_type on the
 * scraper's items older than `age`, and beyond the newest `count` per item, are deleted.
 */
async function retainChanges(pool: pg.Pool, scraperId: string, rule: Record<string, unknown>): Promise<number> {
  const name = text(rule['name']);
  const age = seconds(rule, 'age');
  const count = typeof rule['count'] === 'number' && rule['count'] > 0 ? rule['count'] : undefined;
  if (!name) throw new Error('retention.changes: an entry has no name');
  if (age === undefined && count === undefined) throw new Error(`retention.changes ${name}: give age or count`);
  let deleted = 0;
  if (age !== undefined) {
    const result = await pool.query(
      `delete from config_changes c using configs i
       where i.id = c.config_id and i.scraper_id = $1 and c.change_type = $2 and c.created_at < now() - make_interval(secs => $3)`,
      [scraperId, name, age],
    );
    deleted += result.rowCount ?? 0;
  }
  if (count !== undefined) {
    const result = await pool.query(
      `delete from config_changes where id in (
         select id from (
           select c.id, row_number() over (partition by c.config_id order by c.created_at desc) as seq
           from config_changes c join configs i on i.id = c.config_id
           where i.scraper_id = $1 and c.change_type = $2
         ) ranked where seq > $3)`,
      [scraperId, name, count],
    );
    deleted += result.rowCount ?? 0;
  }
  return deleted;
}

/**
 * `retention.type` (or config-db's `types`: [{name, createdAge, updatedAge, deletedAge}]): items of
 * that type created, or last updated, longer ago than the age are soft-deleted (reason RETENTION);
 * items deleted longer ago than deletedAge are removed with their changes.
 */
async function retainType(pool: pg.Pool, scraperId: string, rule: Record<string, unknown>): Promise<{ deleted: number; removed: number }> {
  const name = text(rule['name']);
  if (!name) throw new Error('retention.type: an entry has no name');
  let deleted = 0;
  for (const [field, column] of [['createdAge', 'created_at'], ['updatedAge', 'updated_at']] as const) {
    const age = seconds(rule, field);
    if (age === undefined) continue;
    const result = await pool.query(
      `update configs set deleted_at = now(), delete_reason = 'RETENTION'
       where scraper_id = $1 and type = $2 and deleted_at is null and ${column} < now() - make_interval(secs => $3)`,
      [scraperId, name, age],
    );
    deleted += result.rowCount ?? 0;
  }
  const deletedAge = seconds(rule, 'deletedAge');
  let removed = 0;
  if (deletedAge !== undefined) {
    const result = await pool.query(
      'delete from configs where scraper_id = $1 and type = $2 and deleted_at < now() - make_interval(secs => $3)',
      [scraperId, name, deletedAge],
    );
    removed = result.rowCount ?? 0;
  }
  return { deleted, removed };
}

/** Applies a scraper's retention rules; answers what they removed and the rules that could not run. */
export async function applyRetention(pool: pg.Pool, scraperId: string, spec: Record<string, unknown>): Promise<{ result: RetentionResult; errors: string[] }> {
  const retention = isRecord(spec['retention']) ? spec['retention'] : {};
  const result: RetentionResult = { changes: 0, deleted: 0, removed: 0 };
  const errors: string[] = [];
  for (const rule of records(retention['changes'])) {
    try {
      result.changes += await retainChanges(pool, scraperId, rule);
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  for (const rule of [...records(retention['type']), ...records(retention['types'])]) {
    try {
      const { deleted, removed } = await retainType(pool, scraperId, rule);
      result.deleted += deleted;
      result.removed += removed;
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  return { result, errors };
}
