import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@pharos/core';
import pg from 'pg';
import { createToken } from '../../src/auth/tokens.js';
import { exited, spawnCli, type CliProcess } from './cli.js';
import { freePort, waitForOk } from './http.js';
import { freshDatabase, type FreshDatabase } from './server.js';

/**
 * `pharos serve` (or `pharos agent`) in a process of its own, on a database and data folder of its
 * own that outlive the process: it can be killed (SIGKILL) and started again on the same port.
 */
export interface RestartableServe {
  url: string;
  pool: pg.Pool;
  start(): Promise<void>;
  kill(): Promise<void>;
  output(): string;
  tokenFor(roles: Role[]): Promise<string>;
  close(): Promise<void>;
}

export async function restartableServe(args: string[], env: Record<string, string> = {}): Promise<RestartableServe> {
  const database: FreshDatabase = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-node-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
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
    pool,
    output,
    async start() {
      cli = spawnCli(args, { DATABASE_URL: database.url, PHAROS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
      try {
        await waitForOk(`${url}/api/ready`, 120_000);
      } catch (error) {
        const message = `${(error as Error).message}\n${output()}`;
        await kill();
        throw new Error(message);
      }
    },
    kill,
    tokenFor: (roles) => createToken(pool, { email: `node-${randomUUID()}@example.com`, roles }),
    async close() {
      if (cli) {
        const child = cli.child;
        child.kill('SIGTERM');
        await exited(child, 20_000).catch(() => child.kill('SIGKILL'));
        cli = undefined;
      }
      await pool.end();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
