import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate.js';

// A database of its own, so these tests can migrate from scratch and break things.
let admin: pg.Client;
let pool: pg.Pool;
let database: string;
let dir: string;

beforeAll(async () => {
  database = `migrate_test_${randomBytes(4).toString('hex')}`;
  admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${database}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-migrations-'));
});

afterAll(async () => {
  await pool?.end();
  // pool.end() resolves before the server has closed the sessions; dropping with FORCE at once would
  // send those closing sessions an error nobody listens to any more.
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin?.query(`drop database if exists ${database} with (force)`);
  await admin?.end();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  it('applies every migration once, then nothing', async () => {
    const first = await migrate(pool);
    expect(first.applied.length).toBeGreaterThan(0);
    expect(first.applied).toEqual([...first.applied].sort());
    const second = await migrate(pool);
    expect(second).toEqual({ applied: [], unchanged: first.applied.length });
    const { rows } = await pool.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((row) => row.name)).toEqual(first.applied);
  });

  it('is safe when several processes migrate at once', async () => {
    const results = await Promise.all([migrate(pool), migrate(pool), migrate(pool)]);
    expect(results.every((result) => result.applied.length === 0)).toBe(true);
  });

  it('refuses to run when an applied migration was edited, naming the file', async () => {
    const copy = path.join(dir, 'edited');
    await cp(MIGRATIONS_DIR, copy, { recursive: true });
    await appendFile(path.join(copy, '0001_foundation.sql'), '\n-- edited after the fact\n');
    await expect(migrate(pool, { dir: copy })).rejects.toThrow(/0001_foundation\.sql was changed after it was applied/);
  });

  it('names the file, the PostgreSQL message and the line of a failing migration, and rolls it back', async () => {
    const copy = path.join(dir, 'broken');
    await cp(MIGRATIONS_DIR, copy, { recursive: true });
    await writeFile(
      path.join(copy, '9999_broken.sql'),
      'create table broken_probe (id int);\n\nselect *\n  from table_that_does_not_exist;\n',
    );
    const failure = migrate(pool, { dir: copy });
    await expect(failure).rejects.toThrow(/9999_broken\.sql failed: relation "table_that_does_not_exist" does not exist; at line 4, column 8/);
    const probe = await pool.query("select to_regclass('broken_probe') as t");
    expect(probe.rows[0]).toEqual({ t: null });
    const recorded = await pool.query("select 1 from schema_migrations where name = '9999_broken.sql'");
    expect(recorded.rowCount).toBe(0);
  });
});
