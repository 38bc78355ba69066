import { isEnvVarReference, secretKeys } from '@pharos/core';
import { ServerSecrets } from '../secrets/server-secrets.js';

/** A connection row's credential columns and properties, as the database holds them. */
export interface StoredCredentials {
  type: string;
  password?: string | null;
  certificate?: string | null;
  properties?: Record<string, string> | null;
}

/**
 * A credential as stored: a reference (`secret://name/key`) stays readable, so that the form can
 * show it; a value already sealed with this server's key (one printed by `pharos get`) is kept; any
 * other value is sealed.
 */
export function sealCredential(secrets: ServerSecrets, value: string): string {
  if (isEnvVarReference(value)) return value;
  if (value.startsWith('v1:') && secrets.openIfOurs(value) !== undefined) return value;
  return secrets.seal(value);
}

/** A stored credential in clear (references stay references). */
export function openCredential(secrets: ServerSecrets, value: string): string {
  return value.startsWith('v1:') ? secrets.open(value) : value;
}

/** Whether a stored credential is a saved value (as opposed to a reference anyone may see). */
export function isSealed(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith('v1:');
}

/** Applies `transform` to every credential of a row: the password and certificate columns and the type's secret properties. */
export function mapCredentials<T extends StoredCredentials>(row: T, transform: (value: string) => string): T {
  const result = { ...row };
  for (const column of ['password', 'certificate'] as const) {
    const value = row[column];
    if (typeof value === 'string' && value !== '') result[column] = transform(value);
  }
  if (row.properties) {
    const properties = { ...row.properties };
    for (const key of secretKeys(row.type)) {
      const value = properties[key];
      if (typeof value === 'string' && value !== '') properties[key] = transform(value);
    }
    result.properties = properties;
  }
  return result;
}
