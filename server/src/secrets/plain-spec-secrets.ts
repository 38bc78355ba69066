import { isDeepStrictEqual } from 'node:util';
import { SEALED_COLUMNS, specSecretRules } from '@pharos/core';
import type pg from 'pg';
import type { ServerSecrets } from './server-secrets.js';
import { sealSpecSecrets } from './spec-secrets.js';

/** Replaces `before` with `after` unless someone changed it meanwhile (no lock is held across the scan). */
async function replace(pool: pg.Pool, sql: string, values: unknown[]): Promise<number> {
  return (await pool.query(sql, values)).rowCount ?? 0;
}

/**
 * Seals the credentials of specs written in clear before they were sealed on the way in (rows of an
 * older version, or written straight into the database): in the spec columns and in the documents
 * applied from files. Returns how many rows changed.
 */
export async function sealPlainSpecSecrets(pool: pg.Pool, secrets: ServerSecrets): Promise<number> {
  let changed = 0;
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    for (const [column, rules] of Object.entries(columns)) {
      const { rows } = await pool.query<{ id: string; value: unknown }>(`SELECT id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`);
      for (const { id, value } of rows) {
        const sealed = sealSpecSecrets(value, rules, secrets, { keepSealed: true });
        if (isDeepStrictEqual(sealed, value)) continue;
        changed += await replace(pool, `UPDATE ${table} SET ${column} = $3 WHERE id = $1 AND ${column} = $2`, [id, JSON.stringify(value), JSON.stringify(sealed)]);
      }
    }
  }
  const applied = await pool.query<{ kind: string; namespace: string; name: string; document: Record<string, unknown> }>('SELECT kind, namespace, name, document FROM applied_resources');
  for (const { kind, namespace, name, document } of applied.rows) {
    const rules = specSecretRules(kind);
    if (!rules) continue;
    const sealed = { ...document, spec: sealSpecSecrets(document['spec'], rules, secrets, { keepSealed: true }) };
    if (isDeepStrictEqual(sealed, document)) continue;
    changed += await replace(pool, 'UPDATE applied_resources SET document = $5 WHERE kind = $1 AND namespace = $2 AND name = $3 AND document = $4', [kind, namespace, name, JSON.stringify(document), JSON.stringify(sealed)]);
  }
  return changed;
}
