import type pg from 'pg';
import type { IdentityConfig } from './config.js';
import { transaction } from '../../db/transaction.js';
import { normalizeEmail } from './schema.js';

export type LimitConfig = Pick<IdentityConfig, 'maxFailuresPerIdentifier' | 'maxFailuresPerAddress' | 'failureWindowMs'>;

/** What a sign-in step proves: the password, or a second factor after it. Each has its own count per account. */
export type SignInStep = 'password' | 'second_factor';

/** A sign-in attempt that holds its place in the counts until it is known to have succeeded. */
export interface Attempt {
  id: string;
  key: string;
}

export type AttemptClaim = { attempt: Attempt } | { retryAfterMs: number };

function keyOf(step: SignInStep, identifier: string): string {
  const email = normalizeEmail(identifier);
  return step === 'password' ? email : `second_factor:${email}`;
}

/**
 * Failed sign-ins, counted in PostgreSQL so every replica sees the same numbers: at most N failures
 * per account and step and M per client address within a sliding window.
 *
 * An attempt is counted as a failure before its password or code is checked, under a lock of the
 * account and the address, so simultaneous attempts cannot all pass the check; a success then takes
 * its own row back and forgives the account's earlier failures of that step, which still count
 * against the address.
 */
export class LoginRateLimiter {
  constructor(private readonly config: LimitConfig) {}

  async begin(pool: pg.Pool, step: SignInStep, identifier: string, address: string): Promise<AttemptClaim> {
    const key = keyOf(step, identifier);
    return transaction(pool, async (client) => {
      // Always the account first, then the address: two attempts never wait on each other in a cycle.
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`login:${key}`]);
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`login-address:${address}`]);
      const retryAfterMs = await this.retryAfter(client, key, address);
      if (retryAfterMs > 0) return { retryAfterMs };
      const { rows } = await client.query<{ id: string }>('insert into identity_login_failures (identifier, address) values ($1, $2) returning id::text', [
        key,
        address,
      ]);
      return { attempt: { id: rows[0]!.id, key } };
    });
  }

  /** The attempt did not count after all (e.g. a required field was missing). */
  async release(pool: pg.Pool, attempt: Attempt): Promise<void> {
    await pool.query('delete from identity_login_failures where id = $1', [attempt.id]);
  }

  /** The attempt succeeded: it is no failure, and the account's earlier failures of this step are forgiven. */
  async succeeded(pool: pg.Pool, attempt: Attempt): Promise<void> {
    await pool.query('delete from identity_login_failures where id = $1', [attempt.id]);
    await pool.query('update identity_login_failures set forgiven = true where identifier = $1 and not forgiven', [attempt.key]);
    // Keep the table small: drop what has left every window.
    if (Math.random() < 0.05) {
      await pool.query('delete from identity_login_failures where created_at < now() - make_interval(secs => $1)', [(this.config.failureWindowMs / 1000) * 2]);
    }
  }

  /** Milliseconds until the oldest failure that keeps a limit reached leaves the window; 0 when not limited. */
  private async retryAfter(client: pg.PoolClient, key: string, address: string): Promise<number> {
    const { rows } = await client.query<{ wait_ms: string | null }>(
      `select (select extract(epoch from (created_at + make_interval(secs => $3::float8) - now())) * 1000
                 from identity_login_failures
                where identifier = $1 and not forgiven and created_at > now() - make_interval(secs => $3::float8)
                order by created_at desc offset ($4::int - 1) limit 1) as wait_ms
       union all
       select (select extract(epoch from (created_at + make_interval(secs => $3::float8) - now())) * 1000
                 from identity_login_failures
                where address = $2 and created_at > now() - make_interval(secs => $3::float8)
                order by created_at desc offset ($5::int - 1) limit 1)`,
      [key, address, this.config.failureWindowMs / 1000, this.config.maxFailuresPerIdentifier, this.config.maxFailuresPerAddress],
    );
    return Math.max(0, ...rows.map((row) => (row.wait_ms === null ? 0 : Number(row.wait_ms))));
  }
}
