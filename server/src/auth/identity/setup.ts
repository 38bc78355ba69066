import type pg from 'pg';
import { digest, randomToken } from './csrf.js';
import type { Db } from './identities.js';

/** How long a printed setup link works (it also stops working once any account exists). */
export const SETUP_TOKEN_LIFESPAN_MS = 3_600_000;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Held by every registration until it commits, so the setup link's "no account yet" stays true until it is used. */
export async function lockFirstAccount(client: pg.PoolClient): Promise<void> {
  await client.query("select pg_advisory_xact_lock(hashtext('pharos.first-account'))");
}

export async function hasIdentities(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>('select exists (select 1 from identities) as exists');
  return rows[0]?.exists === true;
}

/**
 * A one-time token that lets the first administrator register, or null when an identity exists
 * already. Only its digest is stored.
 */
export async function createSetupToken(pool: pg.Pool): Promise<string | null> {
  if (await hasIdentities(pool)) return null;
  const token = randomToken();
  await pool.query("delete from identity_setup_tokens where expires_at < now() or used_at is not null");
  await pool.query('insert into identity_setup_tokens (token_hash, expires_at) values ($1, $2)', [
    digest(token),
    new Date(Date.now() + SETUP_TOKEN_LIFESPAN_MS),
  ]);
  return token;
}

/** The digest a setup token is stored under; null for anything that cannot be a token. */
export function setupTokenHash(token: string | undefined): string | null {
  return token && TOKEN_FORMAT.test(token) ? digest(token) : null;
}

/** A setup link works while it is unused and unexpired, and only while no account exists. */
export async function setupTokenUsable(db: Db, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const { rows } = await db.query<{ ok: boolean }>(
    `select exists (select 1 from identity_setup_tokens where token_hash = $1 and used_at is null and expires_at > now())
            and not exists (select 1 from identities) as ok`,
    [hash],
  );
  return rows[0]?.ok === true;
}

/**
 * Uses the token up (true), or reports that it is unknown, used or expired, or that an account
 * exists already (false). Registrations serialise on a lock here, so of two that race only the first
 * finds no account. Call in the transaction that creates the identity.
 */
export async function consumeSetupToken(client: pg.PoolClient, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  await lockFirstAccount(client);
  if (await hasIdentities(client)) return false;
  const { rowCount } = await client.query(
    'update identity_setup_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now()',
    [hash],
  );
  if (rowCount !== 1) return false;
  // The first administrator exists: other links printed meanwhile (other replicas, restarts) die too.
  await client.query('delete from identity_setup_tokens where used_at is null');
  return true;
}
