import { createHash, randomBytes } from 'node:crypto';
import { toRoles, type Role } from '@pharos/core';
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

function generateToken(): string {
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

const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 5_000;

interface CacheEntry {
  caller: Caller | null;
  expiresAt: number;
}

/**
 * Resolves tokens to callers, remembering answers for 30 s because it runs on every request.
 * A revoked token or changed role therefore takes up to 30 s to apply.
 */
export class TokenVerifier {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly pool: pg.Pool) {}

  async verify(token: string): Promise<Caller | null> {
    if (token.length === 0 || token.length > 512) return null;
    const digest = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(digest);
    if (cached && cached.expiresAt > now) return cached.caller;

    const { rows } = await this.pool.query<{ person_id: string; roles: string[]; expires_at: Date | null }>(
      `select t.person_id, t.expires_at,
              coalesce((select array_agg(pr.role::text) from person_roles pr where pr.person_id = t.person_id), '{}') as roles
         from access_tokens t
         join people p on p.id = t.person_id
        where t.value = $1
          and (t.expires_at is null or t.expires_at > now())
          and p.deleted_at is null
        limit 1`,
      [digest],
    );
    const row = rows[0];
    const caller: Caller | null = row ? { personId: row.person_id, roles: toRoles(row.roles) } : null;
    const tokenExpiry = row?.expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
    this.remember(digest, { caller, expiresAt: Math.min(now + CACHE_TTL_MS, tokenExpiry) });
    return caller;
  }

  /** Drops every cached answer, e.g. after revoking tokens or changing roles. */
  clear(): void {
    this.cache.clear();
  }

  private remember(digest: string, entry: CacheEntry): void {
    this.cache.delete(digest);
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(digest, entry);
  }
}

const verifiers = new WeakMap<pg.Pool, TokenVerifier>();

/** The shared verifier (and cache) of a pool. */
export function tokenVerifier(pool: pg.Pool): TokenVerifier {
  let verifier = verifiers.get(pool);
  if (!verifier) {
    verifier = new TokenVerifier(pool);
    verifiers.set(pool, verifier);
  }
  return verifier;
}

/** The caller a bearer token stands for; null when unknown, expired or of a deleted person. */
export function verifyToken(pool: pg.Pool, token: string): Promise<Caller | null> {
  return tokenVerifier(pool).verify(token);
}
