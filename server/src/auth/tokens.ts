import { createHash, randomBytes } from 'node:crypto';
import { AGENT_ROLE, toRoles, type Role } from '@pharos/core';
import type pg from 'pg';
import type { Caller } from './caller.js';
import { ensurePerson, grantRoles } from './people.js';

export const TOKEN_PREFIX = 'pharos_';

export interface CreateTokenInput {
  email: string;
  roles: readonly Role[];
  /** Name of a person created by this call; defaults to the email's local part. */
  name?: string;
  /** Label of the token; defaults to `cli`. */
  tokenName?: string;
  /** No expiry when absent. */
  expiresAt?: Date;
}

/** Only this digest is stored, so a database dump does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token; only its hashToken digest is ever stored. */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export interface PersonTokenInput {
  /** Label of the token, e.g. `kubeconfig`. */
  name: string;
  /** No expiry when absent. */
  expiresAt?: Date;
}

/**
 * Creates an access token for an existing (not deleted) person and returns it; it cannot be recovered
 * later. Throws when there is no such person.
 */
export async function createTokenForPerson(pool: pg.Pool, personId: string, input: PersonTokenInput): Promise<string> {
  const token = generateToken();
  const { rowCount } = await pool.query(
    `insert into access_tokens (name, value, person_id, expires_at, created_by)
     select $1, $2, p.id, $3, p.id from people p where p.id = $4 and p.deleted_at is null`,
    [input.name, hashToken(token), input.expiresAt ?? null, personId],
  );
  if (rowCount !== 1) throw new Error(`No person ${personId} to create a token for`);
  return token;
}

/**
 * Creates an access token for the person with `email` (creating the person if needed and granting
 * the roles they miss) and returns the token; it cannot be recovered later.
 */
export async function createToken(pool: pg.Pool, input: CreateTokenInput): Promise<string> {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`"${input.email}" is not an email address`);
  const token = generateToken();
  const client = await pool.connect();
  try {
    await client.query('begin');
    const personId = await ensurePerson(client, { email, name: input.name });
    await grantRoles(client, personId, input.roles);
    await client.query(
      'insert into access_tokens (name, value, person_id, expires_at) values ($1, $2, $3, $4)',
      [input.tokenName ?? 'cli', hashToken(token), personId, input.expiresAt ?? null],
    );
    await client.query('commit');
    return token;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The caller a bearer token stands for; null when unknown, expired, or of a deleted or disabled
 * person. Looked up on every request (one indexed query), so revoking a token, deleting or disabling
 * its person or changing their roles applies to the next request, in every server process.
 */
export async function verifyToken(pool: pg.Pool, token: string): Promise<Caller | null> {
  if (token.length === 0 || token.length > 512) return null;
  const { rows } = await pool.query<{ person_id: string; roles: string[]; agent_id: string | null }>({
    // Named, so each connection plans it once: planning these joins costs far more than running them.
    name: 'pharos_verify_token',
    text: `select t.person_id,
            coalesce((select array_agg(pr.role::text) from person_roles pr where pr.person_id = t.person_id), '{}') as roles,
            (select a.id from agents a where a.person_id = t.person_id and a.deleted_at is null limit 1) as agent_id
       from access_tokens t
       join people p on p.id = t.person_id
       left join identities i on i.id = p.id
      where t.value = $1
        and (t.expires_at is null or t.expires_at > now())
        and p.deleted_at is null
        and coalesce(i.state, 'active') = 'active'
      limit 1`,
    values: [hashToken(token)],
  });
  const row = rows[0];
  if (!row) return null;
  if (row.roles.includes(AGENT_ROLE)) return row.agent_id ? { personId: row.person_id, roles: [], agentId: row.agent_id } : null;
  return { personId: row.person_id, roles: toRoles(row.roles) };
}
