import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { SEALED_COLUMNS, specSecretRules, type SpecSecretRules } from '@pharos/core';
import type pg from 'pg';
import type { ServerSecrets } from './server-secrets.js';
import { sealSpecSecrets } from './spec-secrets.js';

/** Rows read at once: the scan's memory stays bounded however many rows a table holds. */
const BATCH = 500;

/**
 * Tables of history, written only by Pharos from specs already sealed, that grow without end (a run's
 * copy of its playbook's spec): scanned once for each set of rules, not at every start.
 */
const HISTORY_TABLES: ReadonlySet<string> = new Set(['playbook_runs']);

const fingerprintOf = (rules: SpecSecretRules): string => createHash('sha256').update(JSON.stringify(rules)).digest('hex');

/** Replaces `before` with `after` unless someone changed it meanwhile (no lock is held across the scan). */
async function replace(pool: pg.Pool, sql: string, values: unknown[]): Promise<number> {
  return (await pool.query(sql, values)).rowCount ?? 0;
}

/** Seals one spec column, a batch of rows at a time in the order of their ids. */
async function sealColumn(pool: pg.Pool, secrets: ServerSecrets, table: string, column: string, rules: SpecSecretRules): Promise<number> {
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: Array<{ id: string; value: unknown }> } = await pool.query(
      `SELECT id::text AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    for (const { id, value } of rows) {
      const sealed = sealSpecSecrets(value, rules, secrets, { keepSealed: true });
      if (isDeepStrictEqual(sealed, value)) continue;
      changed += await replace(pool, `UPDATE ${table} SET ${column} = $3 WHERE id = $1 AND ${column} = $2`, [id, JSON.stringify(value), JSON.stringify(sealed)]);
    }
    if (rows.length < BATCH) return changed;
    after = rows[rows.length - 1]!.id;
  }
}

/** A history column, unless it was scanned with these rules already; the scan is remembered once it is done. */
async function sealHistoryColumn(pool: pg.Pool, secrets: ServerSecrets, table: string, column: string, rules: SpecSecretRules): Promise<number> {
  const fingerprint = fingerprintOf(rules);
  const { rows } = await pool.query('SELECT 1 FROM sealed_history_scans WHERE table_name = $1 AND column_name = $2 AND rules_fingerprint = $3', [table, column, fingerprint]);
  if (rows.length > 0) return 0;
  const changed = await sealColumn(pool, secrets, table, column, rules);
  await pool.query(
    `INSERT INTO sealed_history_scans (table_name, column_name, rules_fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT (table_name, column_name) DO UPDATE SET rules_fingerprint = excluded.rules_fingerprint, scanned_at = now()`,
    [table, column, fingerprint],
  );
  return changed;
}

/** The documents applied from files, a batch at a time in the order of their keys. */
async function sealAppliedDocuments(pool: pg.Pool, secrets: ServerSecrets): Promise<number> {
  let changed = 0;
  let after: [string, string, string] = ['', '', ''];
  for (;;) {
    const { rows } = await pool.query<{ kind: string; namespace: string; name: string; document: Record<string, unknown> }>(
      `SELECT kind, namespace, name, document FROM applied_resources WHERE (kind, namespace, name) > ($1, $2, $3) ORDER BY kind, namespace, name LIMIT ${BATCH}`,
      after,
    );
    for (const { kind, namespace, name, document } of rows) {
      const rules = specSecretRules(kind);
      if (!rules) continue;
      const sealed = { ...document, spec: sealSpecSecrets(document['spec'], rules, secrets, { keepSealed: true }) };
      if (isDeepStrictEqual(sealed, document)) continue;
      changed += await replace(pool, 'UPDATE applied_resources SET document = $5 WHERE kind = $1 AND namespace = $2 AND name = $3 AND document = $4', [kind, namespace, name, JSON.stringify(document), JSON.stringify(sealed)]);
    }
    if (rows.length < BATCH) return changed;
    const last = rows[rows.length - 1]!;
    after = [last.kind, last.namespace, last.name];
  }
}

/**
 * Seals the credentials of specs written in clear before they were sealed on the way in (rows of an
 * older version, or written straight into the database): in the spec columns and in the documents
 * applied from files; the history tables once for each set of rules. Returns how many rows changed.
 */
export async function sealPlainSpecSecrets(pool: pg.Pool, secrets: ServerSecrets): Promise<number> {
  let changed = 0;
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    for (const [column, rules] of Object.entries(columns)) {
      changed += await (HISTORY_TABLES.has(table) ? sealHistoryColumn : sealColumn)(pool, secrets, table, column, rules);
    }
  }
  return changed + (await sealAppliedDocuments(pool, secrets));
}
