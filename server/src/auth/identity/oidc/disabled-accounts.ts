import { normalizeEmail } from '../schema.js';
import type { Db } from '../identities.js';

/** What the sign-in page says to a person whose account Pharos disabled because the provider no longer lists them. */
export function providerDisabledSignIn(providerName: string): string {
  return `Your Pharos account is disabled because ${providerName} no longer lists you. Ask your ${providerName} administrator to enable your account there, then sign in with ${providerName}.`;
}

/**
 * The password hash of an account disabled because the provider stopped listing the person: its
 * sign-in, once the password is right, is told why rather than that the credentials are wrong.
 */
export async function providerDisabledPassword(db: Db, identifier: string, issuer: string): Promise<string | null> {
  const { rows } = await db.query<{ config: { hashed_password?: unknown } }>(
    `select c.config
       from identity_credential_identifiers ci
       join identity_credentials c on c.id = ci.identity_credential_id
       join identities i on i.id = c.identity_id
       join identity_oidc_grants g on g.identity_id = i.id and g.issuer = $2
      where ci.credential_type = 'password' and ci.identifier = $1 and i.state = 'inactive' and g.disabled_at is not null`,
    [normalizeEmail(identifier), issuer],
  );
  const hash = rows[0]?.config.hashed_password;
  return typeof hash === 'string' ? hash : null;
}
