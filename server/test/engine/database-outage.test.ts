import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessRegistry } from '../../src/engine/processes.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { until } from '../support/until.js';

/**
 * Two server processes that lose their database together for longer than silence takes to mean
 * death: when it is back, neither takes the other for dead, so the jobs a living process holds are
 * not handed out a second time. Real registries, each on a pool through a cuttable loopback proxy.
 */

const DEAD_AFTER_MS = 3_000;
const silentGraphile = new Logger(() => () => undefined);

let database: FreshDatabase;
const proxies: TcpProxy[] = [];
let pool: pg.Pool;
const pools: pg.Pool[] = [];
const registries: ProcessRegistry[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // The job queue's tables, as the engine's runner creates them at its start.
  await runMigrations({ pgPool: pool, logger: silentGraphile });
  for (let index = 0; index < 2; index++) {
    const url = new URL(database.url);
    const proxy = await startTcpProxy('127.0.0.1', Number(url.port));
    proxies.push(proxy);
    url.port = String(proxy.port);
    const through = new pg.Pool({ connectionString: url.toString(), max: 2, connectionTimeoutMillis: 1_000 });
    through.on('error', () => undefined);
    pools.push(through);
    registries.push(new ProcessRegistry({ pool: through, logger: silentLogger(), heartbeatMs: 200, deadAfterMs: DEAD_AFTER_MS }));
  }
});

afterAll(async () => {
  for (const proxy of proxies) proxy.restore();
  await Promise.all(registries.map((registry) => registry.stop().catch(() => undefined)));
  await Promise.all(pools.map((through) => through.end()));
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await pool?.end();
  await database?.drop();
});

describe('an outage of the database shared by every process', () => {
  it('hands out no job of a living process when the database is back', async () => {
    const [first, second] = registries as [ProcessRegistry, ProcessRegistry];
    await first.start();
    await second.start();
    await second.addLockHolder('worker-of-second');
    const job = async (worker: string) => {
      const { rows } = await pool.query<{ id: string }>("select (graphile_worker.add_job('held', '{}'::json)).id");
      await pool.query('update graphile_worker._private_jobs set locked_at = now(), locked_by = $2 where id = $1', [rows[0]!.id, worker]);
      return rows[0]!.id;
    };
    const held = await job('worker-of-second');
    const lockedBy = async (id: string) => (await pool.query<{ locked_by: string | null }>('select locked_by from graphile_worker._private_jobs where id = $1', [id])).rows[0]?.locked_by;

    for (const proxy of proxies) proxy.cut();
    // Both beat and fail for longer than silence takes to mean death.
    const heartbeats = async () => (await pool.query<{ id: string; age: number }>('select id, extract(epoch from now() - heartbeat_at) * 1000 as age from engine_processes')).rows;
    await until(heartbeats, (rows) => rows.length === 2 && rows.every((row) => Number(row.age) > DEAD_AFTER_MS * 1.5), { timeoutMs: 30_000 });
    // The first is back a moment before the second, as reconnections after a failover are.
    proxies[0]!.restore();
    await until(heartbeats, (rows) => rows.some((row) => row.id === first.id && Number(row.age) < 500), { timeoutMs: 30_000 });
    proxies[1]!.restore();
    // A process that really stopped, silent for a minute, holding a job of its own.
    await pool.query("insert into engine_processes (id, hostname, pid, worker_ids, heartbeat_at) values ('gone', 'host', 1, array['worker-of-gone'], now() - interval '1 minute')");
    const abandoned = await job('worker-of-gone');

    // Once the living judge again (the stopped one's job is handed out), the second still holds its own.
    await until(() => lockedBy(abandoned), (worker) => worker === null, { timeoutMs: 30_000 });
    expect(await lockedBy(held)).toBe('worker-of-second');
    expect((await heartbeats()).map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
  });
});
