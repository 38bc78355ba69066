import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { silentLogger, type Logger } from '../logger.js';

/** Resolves to server/src/db/migrations both from src (tsx) and from dist (compiled). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

// Any fixed key: every Pharos replica takes the same lock, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_342_515_001;

export interface MigrateOptions {
  /** Folder of `*.sql` files; defaults to MIGRATIONS_DIR. */
  dir?: string;
  logger?: Logger;
}

export interface MigrateResult {
  /** Files applied by this run, in order. */
  applied: string[];
  /** Files that were already applied. */
  unchanged: number;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Names of the migration files this build ships, in the order they apply. */
export async function migrationNames(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const names = await migrationNames(dir);
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, Math.max(0, position - 1));
  const lines = before.split('\n');
  return `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}

function describeFailure(file: MigrationFile, error: unknown): string {
  if (!(error instanceof Error)) return `Migration ${file.name} failed: ${String(error)}`;
  const pgError = error as Partial<pg.DatabaseError>;
  const parts = [`Migration ${file.name} failed: ${error.message}`];
  const position = Number(pgError.position);
  if (position > 0) parts.push(`at ${lineAndColumn(file.sql, position)}`);
  if (pgError.where) parts.push(`where: ${pgError.where}`);
  if (pgError.detail) parts.push(`detail: ${pgError.detail}`);
  if (pgError.hint) parts.push(`hint: ${pgError.hint}`);
  return parts.join('; ');
}

async function appliedChecksums(client: pg.PoolClient): Promise<Map<string, string>> {
  await client.query(`
    create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  const { rows } = await client.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations');
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

async function applyOne(client: pg.PoolClient, file: MigrationFile): Promise<void> {
  await client.query('begin');
  try {
    await client.query(file.sql);
    await client.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file.name, file.checksum]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new MigrationError(describeFailure(file, error));
  }
}

/**
 * Applies the pending migrations in lexical order, each in its own transaction, under an advisory
 * lock. Refuses to run when an already applied file has changed.
 */
export async function migrate(pool: pg.Pool, options: MigrateOptions = {}): Promise<MigrateResult> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const logger = options.logger ?? silentLogger();
  const files = await readMigrations(dir);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await appliedChecksums(client);
      for (const file of files) {
        const checksum = applied.get(file.name);
        if (checksum !== undefined && checksum !== file.checksum) {
          throw new MigrationError(
            `Migration ${file.name} was changed after it was applied (checksum ${checksum.slice(0, 12)}… in the database, ` +
              `${file.checksum.slice(0, 12)}… on disk); put the change in a new migration file instead`,
          );
        }
      }
      const result: MigrateResult = { applied: [], unchanged: 0 };
      for (const file of files) {
        if (applied.has(file.name)) {
          result.unchanged += 1;
          continue;
        }
        await applyOne(client, file);
        logger.info({ migration: file.name }, 'migration applied');
        result.applied.push(file.name);
      }
      return result;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
