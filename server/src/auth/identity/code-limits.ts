import type pg from 'pg';
import { transaction } from '../../db/transaction.js';

/**
 * How often recovery and verification codes may be sent and tried, within one window. Sends are
 * counted per flow and per address, tries per code and per address (across codes, so asking for a
 * new code does not buy new guesses).
 */
export const CODE_LIMITS = {
  windowMs: 60 * 60_000,
  sendsPerFlow: 3,
  sendsPerAddress: 5,
  triesPerCode: 5,
  triesPerAddress: 10,
} as const;

export type CodeEvent = 'send' | 'try';

export interface CodeEventClaim {
  event: CodeEvent;
  /** Lower-cased email the code goes to. */
  address: string;
  flowId: string;
  /** For a try: the digest of the code being tried. */
  codeHash?: string;
}

/**
 * Records a send or a try when the limits allow it and answers whether they did. Counted and
 * recorded under a lock of the address, so simultaneous requests are counted one after another.
 */
export async function claimCodeEvent(pool: pg.Pool, claim: CodeEventClaim): Promise<boolean> {
  return transaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`code:${claim.address}`]);
    const { rows } = await client.query<{ per_address: string; per_flow: string; per_code: string }>(
      `select count(*) as per_address,
              count(*) filter (where flow_id = $3) as per_flow,
              count(*) filter (where flow_id = $3 and code_hash = $4) as per_code
         from identity_code_events
        where address = $1 and event = $2 and created_at > now() - make_interval(secs => $5::float8)`,
      [claim.address, claim.event, claim.flowId, claim.codeHash ?? null, CODE_LIMITS.windowMs / 1000],
    );
    const counts = rows[0]!;
    const allowed =
      claim.event === 'send'
        ? Number(counts.per_address) < CODE_LIMITS.sendsPerAddress && Number(counts.per_flow) < CODE_LIMITS.sendsPerFlow
        : Number(counts.per_address) < CODE_LIMITS.triesPerAddress && Number(counts.per_code) < CODE_LIMITS.triesPerCode;
    if (!allowed) return false;
    await client.query('insert into identity_code_events (event, address, flow_id, code_hash) values ($1, $2, $3, $4)', [
      claim.event,
      claim.address,
      claim.flowId,
      claim.codeHash ?? null,
    ]);
    if (Math.random() < 0.02) {
      await client.query('delete from identity_code_events where created_at < now() - make_interval(secs => $1::float8)', [(CODE_LIMITS.windowMs / 1000) * 2]);
    }
    return true;
  });
}
