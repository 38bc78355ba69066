import type { IdentityConfig } from './config.js';
import type { Db } from './identities.js';
import { normalizeEmail } from './schema.js';

export type LimitConfig = Pick<IdentityConfig, 'maxFailuresPerIdentifier' | 'maxFailuresPerAddress' | 'failureWindowMs'>;

/**
 * Failed sign-ins, counted in PostgreSQL so every replica sees the same numbers: at most N failures
 * per identifier and M per client address within a sliding window.
 */
export class LoginRateLimiter {
  constructor(private readonly config: LimitConfig) {}

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(db: Db, identifier: string, address: string): Promise<number> {
    const windowSeconds = this.config.failureWindowMs / 1000;
    const { rows } = await db.query<{ kind: string; wait_ms: string | null }>(
      `select 'identifier' as kind,
              (select extract(epoch from (created_at + make_interval(secs => $3::float8) - now())) * 1000
                 from identity_login_failures
                where identifier = $1 and created_at > now() - make_interval(secs => $3::float8)
                order by created_at desc offset ($4::int - 1) limit 1) as wait_ms
       union all
       select 'address',
              (select extract(epoch from (created_at + make_interval(secs => $3::float8) - now())) * 1000
                 from identity_login_failures
                where address = $2 and created_at > now() - make_interval(secs => $3::float8)
                order by created_at desc offset ($5::int - 1) limit 1)`,
      [normalizeEmail(identifier), address, windowSeconds, this.config.maxFailuresPerIdentifier, this.config.maxFailuresPerAddress],
    );
    const waits = rows.map((row) => (row.wait_ms === null ? 0 : Number(row.wait_ms)));
    return Math.max(0, ...waits);
  }

  async recordFailure(db: Db, identifier: string, address: string): Promise<void> {
    await db.query('insert into identity_login_failures (identifier, address) values ($1, $2)', [normalizeEmail(identifier), address]);
    // Keep the table small: drop what has left every window.
    if (Math.random() < 0.05) {
      await db.query('delete from identity_login_failures where created_at < now() - make_interval(secs => $1)', [
        (this.config.failureWindowMs / 1000) * 2,
      ]);
    }
  }

  /** A successful sign-in forgives the identifier's earlier failures (not the address's). */
  async clear(db: Db, identifier: string): Promise<void> {
    await db.query('delete from identity_login_failures where identifier = $1', [normalizeEmail(identifier)]);
  }
}
