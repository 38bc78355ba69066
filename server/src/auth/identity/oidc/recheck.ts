import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { transaction } from '../../../db/transaction.js';
import type { ServerSecrets } from '../../../secrets/server-secrets.js';
import { refreshGroups } from './accounts.js';
import { OidcFailure, type OidcRelyingParty } from './relying-party.js';

/** What ends the session of a person the provider no longer lists. */
export function providerDisabledMessage(providerName: string): string {
  return `${providerName} no longer lists your account, so your Pharos account is disabled and your session ended. Ask your ${providerName} administrator to enable it, then sign in with ${providerName} again.`;
}

export type RecheckOutcome = 'listed' | 'disabled' | 'unreachable' | 'not-due';

/** Keeps the refresh token of a sign-in (sealed), and counts the sign-in as the latest check. */
export async function saveGrant(pool: pg.Pool, secrets: ServerSecrets, grant: { identityId: string; issuer: string; subject: string; refreshToken: string | undefined }): Promise<void> {
  await pool.query(
    `insert into identity_oidc_grants (identity_id, issuer, subject, refresh_token_sealed, checked_at, disabled_at)
     values ($1, $2, $3, $4, now(), null)
     on conflict (identity_id, issuer) do update
       set subject = excluded.subject, refresh_token_sealed = excluded.refresh_token_sealed, checked_at = now(), disabled_at = null`,
    [grant.identityId, grant.issuer, grant.subject, grant.refreshToken === undefined ? null : secrets.seal(grant.refreshToken)],
  );
}

interface DueGrant {
  subject: string;
  refresh_token_sealed: string;
}

/**
 * Asks the provider about people who signed in with it: all of them from the OidcRecheck job, and
 * one when their session is used and their last check is older than `intervalMs`. A refusal ends their
 * sessions and disables the account; an answer re-applies the group mappings.
 */
export class OidcRecheck {
  private readonly running = new Map<string, Promise<RecheckOutcome>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly relyingParty: OidcRelyingParty,
    private readonly secrets: ServerSecrets,
    readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Rechecks everyone whose last check is older than the interval. */
  async recheckDue(): Promise<void> {
    const { rows } = await this.pool.query<{ identity_id: string }>(
      `select identity_id from identity_oidc_grants
        where issuer = $1 and disabled_at is null and refresh_token_sealed is not null and checked_at <= now() - make_interval(secs => $2)`,
      [this.relyingParty.config.issuer, this.intervalMs / 1000],
    );
    for (const row of rows) await this.recheck(row.identity_id);
  }

  /** Rechecks one person when their last check is older than the interval; one check at a time each. */
  recheck(identityId: string): Promise<RecheckOutcome> {
    const current = this.running.get(identityId);
    if (current) return current;
    const started = this.recheckNow(identityId).finally(() => this.running.delete(identityId));
    this.running.set(identityId, started);
    return started;
  }

  private async recheckNow(identityId: string): Promise<RecheckOutcome> {
    const { issuer, name } = this.relyingParty.config;
    // The row stays locked while the provider is asked, so that other replicas neither ask again
    // nor use the refresh token the answer may have replaced.
    return transaction(this.pool, async (client) => {
      const { rows } = await client.query<DueGrant>(
        `select subject, refresh_token_sealed from identity_oidc_grants
          where identity_id = $1 and issuer = $2 and disabled_at is null and refresh_token_sealed is not null
            and checked_at <= now() - make_interval(secs => $3)
          for update skip locked`,
        [identityId, issuer, this.intervalMs / 1000],
      );
      const grant = rows[0];
      if (!grant) return 'not-due';
      let answer;
      try {
        answer = await this.relyingParty.recheck(this.secrets.open(grant.refresh_token_sealed), grant.subject);
      } catch (error) {
        if (!(error instanceof OidcFailure)) throw error;
        // Asked again after another interval rather than at every request while the provider is away.
        this.log.warn({ err: error, identity_id: identityId }, `${name} could not be asked whether it still lists the account`);
        await client.query('update identity_oidc_grants set checked_at = now() where identity_id = $1 and issuer = $2', [identityId, issuer]);
        return 'unreachable';
      }
      if (answer.outcome === 'refused') {
        await client.query('update identity_oidc_grants set checked_at = now(), disabled_at = now(), refresh_token_sealed = null where identity_id = $1 and issuer = $2', [identityId, issuer]);
        await client.query("update identities set state = 'inactive' where id = $1", [identityId]);
        await client.query('update identity_sessions set active = false where identity_id = $1 and active', [identityId]);
        this.log.info({ identity_id: identityId, reason: answer.reason }, `${name} no longer lists the account: disabled and signed out`);
        return 'disabled';
      }
      await client.query('update identity_oidc_grants set checked_at = now(), refresh_token_sealed = $3 where identity_id = $1 and issuer = $2', [
        identityId,
        issuer,
        answer.refreshToken === undefined ? grant.refresh_token_sealed : this.secrets.seal(answer.refreshToken),
      ]);
      // The provider may have replaced the refresh token: that is kept even when the mappings fail.
      await refreshGroups(this.pool, this.relyingParty.config, identityId, answer.claims).catch((error: unknown) => {
        this.log.error({ err: error, identity_id: identityId }, `the groups ${name} lists could not be applied`);
      });
      return 'listed';
    });
  }
}
