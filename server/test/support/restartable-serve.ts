import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@pharos/core';
import pg from 'pg';
import { createToken } from '../../src/auth/tokens.js';
import { isRunning, waitForExit } from '../../src/db/embedded/processes.js';
import { exited, spawnCli, type CliProcess } from './cli.js';
import { embeddedDatabaseUrl, embeddedPostmasterPid } from './embedded-database-url.js';
import { freePort, waitForOk } from './http.js';
import { freshDatabase, type FreshDatabase } from './server.js';

/**
 * `pharos serve` (or `pharos agent`) in a process of its own, on a database and data folder of its
 * own that outlive the process: it can be killed (SIGKILL) and started again on the same port.
 */
export interface RestartableServe {
  url: string;
  /** The process's database (once started, for an embedded one). */
  readonly pool: pg.Pool;
  start(): Promise<void>;
  kill(): Promise<void>;
  output(): string;
  tokenFor(roles: Role[]): Promise<string>;
  close(): Promise<void>;
}

export interface RestartableServeOptions {
  /**
   * Run on the embedded PostgreSQL the process starts in its data folder (no DATABASE_URL), as an
   * installation without a database server does; otherwise on a fresh database of the test cluster.
   * Killed, the process leaves that PostgreSQL running, and its next start takes it over.
   */
  embedded?: boolean;
}

export async function restartableServe(args: string[], env: Record<string, string> = {}, { embedded = false }: RestartableServeOptions = {}): Promise<RestartableServe> {
  const database: FreshDatabase | null = embedded ? null : await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-node-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const openPool = (connectionString: string) => {
    const opened = new pg.Pool({ connectionString, max: 4 });
    // The embedded PostgreSQL is stopped and started again under the test's idle connections when the process is restarted.
    opened.on('error', () => undefined);
    return opened;
  };
  let pool: pg.Pool | null = database ? openPool(database.url) : null;
  const usePool = (): pg.Pool => {
    if (!pool) throw new Error('The process has not been started: its embedded database does not exist yet');
    return pool;
  };
  let cli: CliProcess | undefined;
  let earlier = '';
  const output = () => `${earlier}\nstdout: ${cli?.stdout().slice(-4_000) ?? ''}\nstderr: ${cli?.stderr().slice(-4_000) ?? ''}`;
  const kill = async () => {
    if (!cli) return;
    const child = cli.child;
    earlier += output();
    cli = undefined;
    child.kill('SIGKILL');
    await exited(child);
  };
  return {
    url,
    get pool() {
      return usePool();
    },
    output,
    async start() {
      const databaseEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
      cli = spawnCli(args, { ...databaseEnv, PHAROS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
      try {
        await waitForOk(`${url}/api/ready`, 120_000);
      } catch (error) {
        const message = `${(error as Error).message}\n${output()}`;
        await kill();
        throw new Error(message);
      }
      pool ??= openPool(await embeddedDatabaseUrl(dataDir));
    },
    kill,
    tokenFor: (roles) => createToken(usePool(), { email: `node-${randomUUID()}@example.com`, roles }),
    async close() {
      if (cli) {
        const child = cli.child;
        child.kill('SIGTERM');
        await exited(child, 20_000).catch(() => child.kill('SIGKILL'));
        cli = undefined;
      }
      await pool?.end();
      await database?.drop();
      // An embedded PostgreSQL its process did not stop (it was killed last) is stopped here.
      const postmaster = embedded ? await embeddedPostmasterPid(dataDir) : null;
      if (postmaster !== null && (await isRunning(postmaster))) {
        process.kill(postmaster, 'SIGKILL');
        await waitForExit(postmaster, 10_000);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
