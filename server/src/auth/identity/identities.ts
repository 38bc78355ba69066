import type { Role } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import { grantRoles } from '../people.js';
import { hashPassword } from './methods/password.js';
import { hasIdentities, lockFirstAccount } from './setup.js';
import { displayName, normalizeEmail, SCHEMA_ID, traitsFrom, type Traits } from './schema.js';
import type { Urls } from './urls.js';

/** A pool or a client inside a transaction. */
export type Db = pg.Pool | pg.PoolClient;

export interface IdentityRow {
  id: string;
  state: 'active' | 'inactive';
  traits: Traits;
  created_at: Date;
  updated_at: Date;
  state_changed_at: Date;
}

/** An identity whose person has not been deleted. */
export async function getIdentity(db: Db, id: string): Promise<IdentityRow | null> {
  const { rows } = await db.query<Omit<IdentityRow, 'traits'> & { traits: unknown }>(
    `select i.id, i.state, i.traits, i.created_at, i.updated_at, i.state_changed_at
       from identities i join people p on p.id = i.id
      where i.id = $1 and p.deleted_at is null`,
    [id],
  );
  const row = rows[0];
  return row ? { ...row, traits: traitsFrom(row.traits) } : null;
}

/** The identity signing in with this email (case-insensitive), if any. */
export async function identityIdByEmail(db: Db, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `select i.id from identities i join people p on p.id = i.id
      where lower(i.traits ->> 'email') = $1 and p.deleted_at is null
      limit 1`,
    [normalizeEmail(email)],
  );
  return rows[0]?.id ?? null;
}

interface AddressRow {
  id: string;
  value: string;
  verified: boolean;
  verified_at: Date | null;
  status: string;
  created_at: Date;
  updated_at: Date;
}

/** The identity in Kratos's JSON shape. */
export async function identityJson(db: Db, identity: IdentityRow, urls: Urls): Promise<Record<string, unknown>> {
  const { rows } = await db.query<AddressRow>(
    `select id, value, verified, verified_at, status, created_at, updated_at
       from identity_verifiable_addresses where identity_id = $1 order by created_at`,
    [identity.id],
  );
  return {
    id: identity.id,
    schema_id: SCHEMA_ID,
    schema_url: urls.api(`/schemas/${SCHEMA_ID}`),
    state: identity.state,
    state_changed_at: identity.state_changed_at.toISOString(),
    traits: identity.traits,
    verifiable_addresses: rows.map((row) => ({
      id: row.id,
      value: row.value,
      verified: row.verified,
      via: 'email',
      status: row.status,
      ...(row.verified_at ? { verified_at: row.verified_at.toISOString() } : {}),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    })),
    recovery_addresses: rows.map((row) => ({
      id: row.id,
      value: row.value,
      via: 'email',
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    })),
    metadata_public: null,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    organization_id: null,
  };
}

export class DuplicateIdentityError extends Error {
  constructor(email: string) {
    super(`An account for ${email} exists already`);
  }
}

export interface NewIdentity {
  traits: Traits;
  /** In clear; only its argon2id hash is stored. */
  password?: string;
  roles: readonly Role[];
  verified: boolean;
  /**
   * Whether a person with this email but no identity yet (created for an API token, or by the
   * seeder) may become the identity. Only for administrator actions: for self-registration the
   * email is unproven, and taking over that person would hand out its roles.
   */
  adoptExistingPerson: boolean;
}

/** Creates person (or adopts one), identity, password credential and address. Call in a transaction. */
export async function createIdentity(client: pg.PoolClient, input: NewIdentity): Promise<string> {
  const email = normalizeEmail(input.traits.email);
  // While no account exists, a setup link's registration must see every other registration first.
  if (!(await hasIdentities(client))) await lockFirstAccount(client);
  await client.query('select pg_advisory_xact_lock(hashtext(lower($1)))', [email]);
  if (await identityIdByEmail(client, email)) throw new DuplicateIdentityError(email);
  const taken = await client.query<{ id: string }>('select id from people where lower(email) = $1 and deleted_at is null limit 1', [email]);
  let personId = taken.rows[0]?.id;
  const name = displayName(input.traits);
  if (personId) {
    if (!input.adoptExistingPerson) throw new DuplicateIdentityError(email);
    await client.query('update people set name = $2 where id = $1', [personId, name]);
  } else {
    const created = await client.query<{ id: string }>("insert into people (name, email, type) values ($1, $2, 'user') returning id", [name, email]);
    personId = created.rows[0]?.id;
    if (!personId) throw new Error('Could not create the person');
  }
  // An email change that another account asked for but never proved yields to the new account.
  await client.query(
    `delete from identity_verifiable_addresses a using identities i
      where a.identity_id = i.id and a.value = $1 and not a.verified and lower(i.traits ->> 'email') <> $1`,
    [email],
  );
  await client.query('insert into identities (id, traits) values ($1, $2)', [personId, { ...input.traits, email }]);
  if (input.password !== undefined) await setPassword(client, personId, email, input.password);
  await client.query(
    `insert into identity_verifiable_addresses (identity_id, value, verified, verified_at, status)
     values ($1, $2, $3, case when $3 then now() end, case when $3 then 'completed' else 'pending' end)`,
    [personId, email, input.verified],
  );
  await grantRoles(client, personId, input.roles);
  return personId;
}

/** Sets (or replaces) the password credential and its email identifier. */
export async function setPassword(db: Db, identityId: string, email: string, password: string): Promise<void> {
  const hashed = await hashPassword(password);
  const credential = await db.query<{ id: string }>(
    `insert into identity_credentials (identity_id, type, config) values ($1, 'password', $2)
     on conflict (identity_id, type) do update set config = excluded.config
     returning id`,
    [identityId, { hashed_password: hashed }],
  );
  const credentialId = credential.rows[0]?.id;
  if (!credentialId) throw new Error('Could not store the password');
  await setPasswordIdentifier(db, credentialId, email);
}

async function setPasswordIdentifier(db: Db, credentialId: string, email: string): Promise<void> {
  await db.query("delete from identity_credential_identifiers where identity_credential_id = $1 and credential_type = 'password'", [credentialId]);
  await db.query("insert into identity_credential_identifiers (credential_type, identifier, identity_credential_id) values ('password', $1, $2)", [
    normalizeEmail(email),
    credentialId,
  ]);
}

/** The identity and password hash signing in with this identifier; none for a deleted or disabled person. */
export async function passwordCredential(db: Db, identifier: string): Promise<{ identityId: string; hashedPassword: string } | null> {
  const { rows } = await db.query<{ identity_id: string; config: unknown }>(
    `select c.identity_id, c.config
       from identity_credential_identifiers ci
       join identity_credentials c on c.id = ci.identity_credential_id
       join people p on p.id = c.identity_id
       join identities i on i.id = c.identity_id
      where ci.credential_type = 'password' and ci.identifier = $1 and p.deleted_at is null and i.state = 'active'`,
    [normalizeEmail(identifier)],
  );
  const row = rows[0];
  const config = row?.config as { hashed_password?: unknown } | undefined;
  if (!row || typeof config?.hashed_password !== 'string') return null;
  return { identityId: row.identity_id, hashedPassword: config.hashed_password };
}

export type CredentialType = 'password' | 'totp' | 'lookup_secret' | 'webauthn' | 'oidc';
export type SecondFactor = 'totp' | 'lookup_secret' | 'webauthn';

export interface CredentialRow {
  id: string;
  config: Record<string, unknown>;
  created_at: Date;
}

export async function getCredential(db: Db, identityId: string, type: CredentialType, lock = false): Promise<CredentialRow | null> {
  const { rows } = await db.query<CredentialRow>(
    `select id, config, created_at from identity_credentials where identity_id = $1 and type = $2${lock ? ' for update' : ''}`,
    [identityId, type],
  );
  return rows[0] ?? null;
}

export async function putCredential(db: Db, identityId: string, type: CredentialType, config: object): Promise<void> {
  await db.query(
    `insert into identity_credentials (identity_id, type, config) values ($1, $2, $3)
     on conflict (identity_id, type) do update set config = excluded.config`,
    [identityId, type, config],
  );
}

export async function deleteCredential(db: Db, identityId: string, type: CredentialType): Promise<void> {
  await db.query('delete from identity_credentials where identity_id = $1 and type = $2', [identityId, type]);
}

/** The second factors an identity has set up; any of them makes AAL2 its highest level. */
export async function secondFactors(db: Db, identityId: string): Promise<Set<SecondFactor>> {
  const { rows } = await db.query<{ type: SecondFactor }>(
    `select type from identity_credentials
      where identity_id = $1
        and (type in ('totp', 'lookup_secret')
             or (type = 'webauthn' and jsonb_array_length(coalesce(config -> 'credentials', '[]'::jsonb)) > 0))`,
    [identityId],
  );
  return new Set(rows.map((row) => row.type));
}

/**
 * Changes the name at once. A new email counts nowhere (sign-in, people, invitations, roles) until its
 * owner proves they read it: it is kept as the identity's pending address, and `confirmEmailChange`
 * makes it the email once a verification code sent to it comes back.
 */
export async function updateTraits(client: pg.PoolClient, identityId: string, traits: Traits): Promise<{ emailChanged: boolean }> {
  const current = await getIdentity(client, identityId);
  if (!current) throw new Error('The identity no longer exists');
  const email = normalizeEmail(traits.email);
  const currentEmail = normalizeEmail(current.traits.email);
  const emailChanged = email !== currentEmail;
  await client.query('update identities set traits = $2 where id = $1', [identityId, { ...traits, email: currentEmail }]);
  await client.query('update people set name = $2 where id = $1', [identityId, displayName(traits)]);
  await client.query('delete from identity_verifiable_addresses where identity_id = $1 and value <> $2 and not verified', [identityId, currentEmail]);
  if (emailChanged) {
    await assertEmailFree(client, identityId, email);
    await client.query(
      "insert into identity_verifiable_addresses (identity_id, value, verified, status) values ($1, $2, false, 'sent') on conflict do nothing",
      [identityId, email],
    );
  }
  return { emailChanged };
}

/** Refuses an email that another person, identity or pending change has. Locks the address for the transaction. */
async function assertEmailFree(client: pg.PoolClient, identityId: string, email: string): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtext(lower($1)))', [email]);
  const owner = await identityIdByEmail(client, email);
  const person = await client.query('select 1 from people where lower(email) = $1 and deleted_at is null and id <> $2 limit 1', [email, identityId]);
  const pending = await client.query('select 1 from identity_verifiable_addresses where value = $1 and identity_id <> $2', [email, identityId]);
  if ((owner && owner !== identityId) || person.rowCount || pending.rowCount) throw new DuplicateIdentityError(email);
}

/**
 * After a verification code sent to `email` came back: when it is the identity's pending address,
 * it becomes the identity's email (traits, person, password identifier) and the old address goes.
 * Returns whether the email changed.
 */
export async function confirmEmailChange(pool: pg.Pool, identityId: string, email: string): Promise<boolean> {
  return transaction(pool, async (client) => {
    const current = await getIdentity(client, identityId);
    if (!current || normalizeEmail(current.traits.email) === email) return false;
    const pending = await client.query('select 1 from identity_verifiable_addresses where identity_id = $1 and value = $2 and not verified', [identityId, email]);
    if (pending.rowCount !== 1) return false;
    try {
      await assertEmailFree(client, identityId, email);
    } catch (error) {
      // Taken since it was asked for: the change lapses, the code proved nothing about the account.
      if (error instanceof DuplicateIdentityError) return false;
      throw error;
    }
    await client.query('update identities set traits = $2 where id = $1', [identityId, { ...current.traits, email }]);
    await client.query('update people set email = $2 where id = $1', [identityId, email]);
    const password = await getCredential(client, identityId, 'password');
    if (password) await setPasswordIdentifier(client, password.id, email);
    await client.query('delete from identity_verifiable_addresses where identity_id = $1 and value <> $2', [identityId, email]);
    await markAddressVerified(client, identityId, email);
    return true;
  });
}

/** Marks the identity's address as verified (after a verification or recovery code). */
export async function markAddressVerified(db: Db, identityId: string, email: string): Promise<void> {
  await db.query(
    `update identity_verifiable_addresses set verified = true, verified_at = coalesce(verified_at, now()), status = 'completed'
      where identity_id = $1 and value = $2`,
    [identityId, normalizeEmail(email)],
  );
}
