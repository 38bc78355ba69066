import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Engine } from '../../../engine/engine.js';
import { saveSchedule } from '../../../engine/schedules.js';
import type { ServerSecrets } from '../../../secrets/server-secrets.js';
import type { OidcConfig } from './config.js';
import { OidcRecheck } from './recheck.js';
import { OidcRelyingParty } from './relying-party.js';

export const OIDC_RECHECK = 'OidcRecheck';
const KEY = `system:${OIDC_RECHECK}`;

export interface OidcRecheckJobOptions {
  pool: pg.Pool;
  secrets: ServerSecrets;
  logger: FastifyBaseLogger;
  oidc: OidcConfig | undefined;
}

/**
 * Every PHAROS_OIDC_RECHECK_INTERVAL one process asks the provider about everyone who signed in with
 * it (a schedule shared by every process, with its runs in Job History); without a provider the
 * schedule of an earlier start is dropped.
 */
export async function registerOidcRecheck(engine: Engine, { pool, secrets, logger, oidc }: OidcRecheckJobOptions): Promise<void> {
  if (!oidc) {
    await pool.query('delete from job_schedules where key = $1', [KEY]);
    return;
  }
  const recheck = new OidcRecheck(pool, new OidcRelyingParty(oidc), secrets, oidc.recheckIntervalMs, logger);
  engine.define({ name: OIDC_RECHECK, run: () => recheck.recheckDue() });
  await saveSchedule(pool, {
    key: KEY,
    task: OIDC_RECHECK,
    schedule: `@every ${Math.max(1, Math.round(oidc.recheckIntervalMs / 1000))}s`,
    history: { name: OIDC_RECHECK, resourceType: 'system', resourceName: `${oidc.name} accounts` },
  });
}
