import type pg from 'pg';

/**
 * A seeding step on `db`: runs a statement and logs what it wrote, how long it took and how long the
 * seed has taken so far.
 */
export function seedStep(db: pg.PoolClient, log: (message: string) => void): (label: string, sql: string, values?: unknown[]) => Promise<void> {
  const started = performance.now();
  return async (label, sql, values = []) => {
    const t = performance.now();
    const result = await db.query(sql, values);
    log(`  ${label}${result.rowCount ? `: ${result.rowCount.toLocaleString('en')} rows` : ''} in ${((performance.now() - t) / 1000).toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
  };
}
