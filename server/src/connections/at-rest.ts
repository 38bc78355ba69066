import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import { sealConnectionDocument } from '../apply/connection-secrets.js';
import { transaction } from '../db/transaction.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { isSealed, mapCredentials, sealCredential } from './sealing.js';
import { CONNECTION_COLUMNS_SQL, type ConnectionRow } from './store.js';

/**
 * Seals credentials written in clear before they were sealed on the way in (rows of an older
 * version, or written straight into the database), in the rows and in applied documents.
 * Returns how many rows changed.
 */
export async function sealPlainCredentials(pool: pg.Pool, secrets: ServerSecrets): Promise<number> {
  return transaction(pool, async (client) => {
    let changed = 0;
    const { rows } = await client.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS_SQL} FROM connections FOR UPDATE`);
    for (const row of rows) {
      const sealed = mapCredentials(row, (value) => sealCredential(secrets, value));
      if (isDeepStrictEqual(sealed, row)) continue;
      await client.query('UPDATE connections SET password = $2, certificate = $3, properties = $4 WHERE id = $1', [row.id, sealed.password, sealed.certificate, sealed.properties]);
      changed += 1;
    }
    const applied = await client.query<{ namespace: string; name: string; document: Record<string, unknown> }>(
      "SELECT namespace, name, document FROM applied_resources WHERE kind = 'Connection' FOR UPDATE",
    );
    for (const { namespace, name, document } of applied.rows) {
      const sealed = sealConnectionDocument(document, secrets);
      if (isDeepStrictEqual(sealed, document)) continue;
      await client.query("UPDATE applied_resources SET document = $3 WHERE kind = 'Connection' AND namespace = $1 AND name = $2", [namespace, name, sealed]);
      changed += 1;
    }
    return changed;
  });
}

/** Throws UnsealError when a stored credential was sealed with another key: the server must not start and write more with it. */
export async function checkServerKey(pool: pg.Pool, secrets: ServerSecrets): Promise<void> {
  const { rows } = await pool.query<{ value: string }>(
    `(SELECT password AS value FROM connections WHERE password LIKE 'v1:%' LIMIT 1)
     UNION ALL (SELECT certificate FROM connections WHERE certificate LIKE 'v1:%' LIMIT 1)
     UNION ALL (SELECT value FROM secret_store LIMIT 1)`,
  );
  for (const { value } of rows) if (isSealed(value)) secrets.open(value);
}
