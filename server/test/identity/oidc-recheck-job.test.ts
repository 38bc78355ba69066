import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../src/auth/identity/oidc/config.js';
import { registerOidcRecheck } from '../../src/auth/identity/oidc/register.js';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/logger.js';
import { CookieJar } from '../support/cookies.js';
import { identityOptions, uniqueEmail } from '../support/identity.js';
import { signInWithProvider } from '../support/oidc-journey.js';
import { TEST_CLIENT, TestOidcProvider } from '../support/oidc-provider.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * The provider recheck as pharos serve runs it: the schedule `OidcRecheck` every
 * PHAROS_OIDC_RECHECK_INTERVAL (here a second), on a database of its own, since the schedule and its
 * runs are the installation's, shared by every process on it.
 */
let provider: TestOidcProvider;
let database: FreshDatabase;
let server: TestServer;
let engine: Engine;

beforeAll(async () => {
  provider = new TestOidcProvider();
  const issuer = await provider.listen();
  const oidc: OidcConfig = {
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    scopes: ['openid', 'email', 'profile', 'groups'],
    groupsClaim: 'groups',
    roleMap: [],
    teamMap: [],
    name: 'Test SSO',
    recheckIntervalMs: 1_000,
  };
  database = await freshDatabase();
  server = await startTestServer({ identity: identityOptions({ oidc, passwordLogin: true }) }, database.url);
  await provider.start([`${server.url}/api/auth/oidc/callback`]);
  engine = new Engine({ pool: server.pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200, schedulerIntervalMs: 200 } });
  await registerOidcRecheck(engine, { pool: server.pool, secrets: TEST_SECRETS, logger: silentLogger(), oidc });
  await engine.start();
});

afterAll(async () => {
  await engine?.stop();
  await server?.close();
  await database?.drop();
  await provider?.close();
});

describe('the provider recheck as a scheduled job', () => {
  it('disables, without any request of theirs, a person the provider stopped listing, and records its runs in Job History', async () => {
    const user = provider.add({ sub: randomUUID(), email: uniqueEmail('job'), name: 'Annie Easley', groups: [] });
    const jar = new CookieJar();
    expect((await signInWithProvider(server, jar, user.sub)).location).toBe('/');
    const me = (await (await jar.fetch(`${server.url}/api/auth/whoami`)).json()) as { user: { id: string } };
    user.disabled = true;
    // No call with the session meanwhile: only the job can notice.
    await until(
      async () => (await server.pool.query<{ state: string }>('select state from identities where id = $1', [me.user.id])).rows[0]?.state,
      (state) => state === 'inactive',
      {
        timeoutMs: 30_000,
        detail: async () => JSON.stringify((await server.pool.query("select status, details from job_histories where name = 'OidcRecheck' order by created_at desc limit 3")).rows),
      },
    );
    const admin = await server.tokenFor(['admin']);
    const runs = await fetch(`${server.url}/api/db/job_histories?name=eq.OidcRecheck&select=name,status,resource_type,resource_name`, { headers: { authorization: `Bearer ${admin}` } });
    expect(runs.status).toBe(200);
    const rows = (await runs.json()) as { name: string; status: string; resource_type: string; resource_name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ name: 'OidcRecheck', resource_type: 'system', resource_name: 'Test SSO accounts' });
    expect((await jar.fetch(`${server.url}/api/auth/whoami`)).status).toBe(401);
  });
});
