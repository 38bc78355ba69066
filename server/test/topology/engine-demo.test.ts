import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { seedDemo } from '../../src/db/seed/demo.js';
import { DEMO_SEEDERS } from '../../src/db/seed/registry.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { silentLogger } from '../../src/logger.js';
import { VERSION } from '../../src/version.js';
import { TEST_SECRETS } from '../support/server.js';
import { named, topologyTest } from './engine-support/setup.js';

/**
 * The demo data `pharos seed --demo` writes (its seeders, run here in-process as the command runs
 * them) includes a Topology of this Pharos built from real things: its HTTP API, its database through
 * the saved connection, the machine's /proc, the demo canary's checks and the demo scrapers' items.
 */

const env = topologyTest();
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-demo-topology-'));
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const seed = () => seedDemo(env.server.pool, silentLogger(), DEMO_SEEDERS, { databaseUrl: env.database.url, dataDir, port: Number(new URL(env.server.url).port), secrets: TEST_SECRETS });

describe('the demo topology', () => {
  it('shows Pharos, its API, database and machine with live checks and catalog items, and seeding again changes nothing', async () => {
    expect(await seed()).toContain('topology');
    const { rows: canaries } = await env.server.pool.query<{ id: string }>("SELECT id FROM canaries WHERE name = 'pharos-self'");
    await syncCanary(env.server.pool, canaries[0]!.id);
    await runCanary({ pool: env.server.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId: canaries[0]!.id }, AbortSignal.timeout(30_000));
    const { rows: scrapers } = await env.server.pool.query<{ id: string }>("SELECT id FROM config_scrapers WHERE namespace = 'demo' AND deleted_at IS NULL");
    for (const scraper of scrapers) await runScraper({ pool: env.server.pool, secrets: TEST_SECRETS, sandbox: env.sandbox, baseDir: dataDir }, scraper.id, AbortSignal.timeout(30_000));

    const result = await env.run('pharos');
    expect(result.errors).toEqual([]);
    const rows = await env.components('pharos');
    const root = named(rows, 'Pharos');
    expect(root).toMatchObject({ type: 'Application', health: 'unhealthy', status_reason: 'component broken endpoint is unhealthy' });

    const api = named(rows, 'api');
    expect(api).toMatchObject({ health: 'healthy', parent_id: root.id });
    expect(api.properties[0]).toEqual({ name: 'version', headline: true, text: VERSION });

    const database = named(rows, 'database');
    expect(database.health).toBe('healthy');
    const size = database.properties.find((property) => property.name === 'size');
    expect(size?.value).toBeGreaterThan(1_000_000);
    expect(database.properties.find((property) => property.name === 'connections')).toMatchObject({ value: expect.any(Number), max: expect.any(Number) });
    const tables = rows.filter((row) => row.parent_id === database.id && row.deleted_at === null);
    expect(tables.length).toBe(6);
    expect(tables.every((row) => row.type === 'Table' && row.properties.some((property) => property.name === 'rows'))).toBe(true);
    const { rows: linked } = await env.server.pool.query<{ type: string; n: number }>(
      `SELECT c.type, count(*)::int AS n FROM config_component_relationships r JOIN configs c ON c.id = r.config_id
       WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL GROUP BY c.type ORDER BY c.type`,
      [[database.id, ...tables.map((row) => row.id), api.id]],
    );
    expect(linked).toEqual([
      { type: 'Pharos::Server', n: 1 },
      { type: 'PostgreSQL::Database', n: 1 },
      { type: 'PostgreSQL::Table', n: 6 },
    ]);

    const machine = named(rows, 'machine');
    expect(machine.health).toBe('healthy');
    expect(machine.properties.find((property) => property.name === 'memory available')?.value).toBeGreaterThan(0);
    expect(named(rows, 'broken endpoint')).toMatchObject({ health: 'unhealthy', status_reason: 'check fails-on-purpose is unhealthy' });

    await seed();
    await env.run('pharos');
    const { rows: count } = await env.server.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM topologies WHERE namespace = 'demo' AND deleted_at IS NULL");
    expect(count[0]!.n).toBe(1);
    const again = await env.components('pharos');
    expect(again.filter((row) => row.deleted_at === null).map((row) => row.id).sort()).toEqual(rows.filter((row) => row.deleted_at === null).map((row) => row.id).sort());
  });
});
