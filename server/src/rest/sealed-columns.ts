import { SEALED_COLUMNS } from '@pharos/core';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { sealSpecSecrets } from '../secrets/spec-secrets.js';
import type { Row } from './compile/write.js';

/**
 * A written row with the credentials of its spec columns sealed. The placeholder '<sealed>' is left
 * for the database, which keeps the sealed value of the row being updated (or refuses it).
 */
export function sealWrittenRow(relation: string, row: Row, secrets: ServerSecrets): Row {
  const columns = SEALED_COLUMNS[relation];
  if (!columns) return row;
  const sealed = { ...row };
  for (const [column, rules] of Object.entries(columns)) {
    if (sealed[column] !== undefined && sealed[column] !== null) sealed[column] = sealSpecSecrets(sealed[column], rules, secrets);
  }
  return sealed;
}
