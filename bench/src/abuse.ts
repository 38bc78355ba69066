/**
 * `npm run bench:abuse`: `/api/health` and a normal paged read while 20 clients of one signed-in
 * viewer send the most expensive requests the data service's limits allow, against the same reads
 * on the quiet server, in the same run; then Run Now and the read while 20 viewers send the costliest
 * expressions and bodies to `pharos serve` (abuse-expressions.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probe, probeRow, PROBE_HEADER, type Probe } from './abuse-probe.js';
import { attackExpressions } from './abuse-expressions.js';
import { log, runBench, verdict } from './report.js';
import { buildApp, createToken, migrate, openDatabase, seedScale, type Database } from './server.js';

const INCIDENTS = 20_000;
/** A complete graph of this many configs: walking it 30 levels deep takes PostgreSQL far longer than the statement timeout. */
const GRAPH_SIZE = 60;
const ABUSERS = 20;
const PHASE_SECONDS = 15;
const MAX_READ_RATIO = 2;
const MAX_HEALTH_MS = 100;


/** What a viewer sees on a list screen: a counted page of incidents with their creators. */
const NORMAL_READ = '/api/db/incidents?select=id,title,status,severity,created_at,created_by(id,name)&order=created_at.desc&limit=50&offset=100';

/** Embeds at the depth limit (6) and up to the count limit (20), over every incident, no paging. */
function deepestSelect(): string {
  const chain = (levels: number): string => {
    let select = 'id,name';
    for (let level = levels; level >= 1; level--) select = `id,${level % 2 === 1 ? 'created_by' : 'teams!team_members'}(${select})`;
    return select;
  };
  const extra = Array.from({ length: 14 }, (_, i) => `c${i}:created_by(*)`).join(',');
  return `*,${chain(6)},${extra}`;
}

/** The costliest requests within the limits, sent in turn by every abusing client. */
function hostilePaths(startConfig: string): string[] {
  const likes = Array.from({ length: 99 }, (_, i) => `title.ilike.*${i}*${i}*`).join(',');
  return [
    `/api/db/rpc/related_configs_recursive?config_id=${startConfig}&max_depth=30`,
    `/api/db/incidents?select=${deepestSelect()}`,
    `/api/db/incidents?select=id,title&or=(${likes})&order=description.desc`,
  ];
}

interface Fixture {
  database: Database;
  baseUrl: string;
  viewer: string;
  abuser: string;
  startConfig: string;
  close(): Promise<void>;
}

async function startFixture(dataDir: string): Promise<Fixture> {
  const databaseUrl = process.env['DATABASE_URL']?.trim() || undefined;
  const database: Database = await openDatabase({ databaseUrl, dataDir, poolSize: 20 });
  try {
    const { pool } = database;
    await migrate(pool);
    await seedScale(pool, INCIDENTS);
    const { rows } = await pool.query<{ id: string }>(
      "insert into configs (name, type) select 'bench-graph-' || g, 'Bench::Graph' from generate_series(1, $1::int) g returning id",
      [GRAPH_SIZE],
    );
    const ids = rows.map((row) => row.id);
    await pool.query('insert into config_relationships (config_id, related_id) select a, b from unnest($1::uuid[]) a, unnest($1::uuid[]) b where a <> b', [ids]);
    await pool.query('VACUUM (ANALYZE) incidents, people, configs, config_relationships');
    const stamp = Date.now();
    const viewer = await createToken(pool, { email: `bench-viewer-${stamp}@example.com`, roles: ['viewer'], tokenName: 'bench' });
    const abuser = await createToken(pool, { email: `bench-abuser-${stamp}@example.com`, roles: ['viewer'], tokenName: 'bench' });
    const app = await buildApp({ pool, webDir: null });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      database,
      baseUrl,
      viewer,
      abuser,
      startConfig: ids[0] ?? '',
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function measurePhase(fixture: Fixture): Promise<{ health: Probe; read: Probe }> {
  const [health, read] = await Promise.all([
    probe(`${fixture.baseUrl}/api/health`, {}, PHASE_SECONDS),
    probe(`${fixture.baseUrl}${NORMAL_READ}`, { headers: { authorization: `Bearer ${fixture.viewer}`, prefer: 'count=exact' } }, PHASE_SECONDS),
  ]);
  return { health, read };
}

/** 20 clients sending hostile requests back to back until stopped; counts the answers by status. */
function startAbuse(fixture: Fixture): { stop(): Promise<{ statuses: Map<number, number>; largest: number }> } {
  const controller = new AbortController();
  const statuses = new Map<number, number>();
  let largest = 0;
  const paths = hostilePaths(fixture.startConfig);
  const client = async (index: number): Promise<void> => {
    for (let turn = index; !controller.signal.aborted; turn++) {
      try {
        const response = await fetch(`${fixture.baseUrl}${paths[turn % paths.length] ?? ''}`, {
          headers: { authorization: `Bearer ${fixture.abuser}`, prefer: 'count=exact' },
          signal: controller.signal,
        });
        const body = await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        largest = Math.max(largest, body.byteLength);
      } catch {
        // Aborted at the end of the phase.
      }
    }
  };
  const clients = Array.from({ length: ABUSERS }, (_, index) => client(index));
  return {
    stop: async () => {
      controller.abort();
      await Promise.all(clients);
      return { statuses, largest };
    },
  };
}

const ms = (value: number): string => value.toFixed(1);

/** BENCH_ABUSE_ONLY=expressions runs only the expression and body attacks against pharos serve. */
const ONLY_EXPRESSIONS = process.env['BENCH_ABUSE_ONLY'] === 'expressions';

async function main(): Promise<void> {
  log(`Pharos abuse benchmark: ${INCIDENTS} incidents, ${ABUSERS} hostile clients of one viewer, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-abuse-'));
  try {
    const fixture = await startFixture(dataDir);
    try {
      if (ONLY_EXPRESSIONS) {
        await attackExpressions(fixture.database.pool, fixture.database.url, path.join(dataDir, 'serve'));
        return;
      }
      log(`warm-up, then ${PHASE_SECONDS} s quiet`);
      await probe(`${fixture.baseUrl}${NORMAL_READ}`, { headers: { authorization: `Bearer ${fixture.viewer}`, prefer: 'count=exact' } }, 2);
      const quiet = await measurePhase(fixture);
      log(`${PHASE_SECONDS} s under abuse`);
      const abuse = startAbuse(fixture);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const loaded = await measurePhase(fixture);
      const { statuses, largest } = await abuse.stop();

      log('\nOne client each for health and the normal read; times in ms (p95: nearest rank)');
      log(`normal read: GET ${NORMAL_READ} (Prefer: count=exact)\n`);
      log(PROBE_HEADER);
      const row = probeRow;
      log(row('quiet', 'health', quiet.health));
      log(row('quiet', 'normal read', quiet.read));
      log(row('abuse', 'health', loaded.health));
      log(row('abuse', 'normal read', loaded.read));

      const answers = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
      log(`\nhostile answers by status: ${answers.join(', ')}; largest body ${(largest / 1e6).toFixed(1)} MB`);
      const ratio = loaded.read.p95 / quiet.read.p95;
      const healthMax = Math.max(quiet.health.max, loaded.health.max);
      log(`normal read p95 under abuse / quiet: ${ratio.toFixed(2)} (target <= ${MAX_READ_RATIO}): ${verdict(ratio <= MAX_READ_RATIO && loaded.read.failures === 0)}`);
      log(`health slowest answer: ${ms(healthMax)} ms (target < ${MAX_HEALTH_MS} ms): ${verdict(healthMax < MAX_HEALTH_MS && loaded.health.failures === 0)}`);

      await attackExpressions(fixture.database.pool, fixture.database.url, path.join(dataDir, 'serve'));
    } finally {
      await fixture.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await runBench(main);
