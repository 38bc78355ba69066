import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@pharos/core';
import pg from 'pg';
import { createToken } from '../../src/auth/tokens.js';
import { spawnCli, type CliProcess } from './cli.js';
import { freePort, waitForOk } from './http.js';
import { freshDatabase, type FreshDatabase } from './server.js';

/** `pharos serve` as operators run it, in a process of its own on a database of its own. */
export interface ServeProcess {
  url: string;
  /** The server's own database, and its URL. */
  pool: pg.Pool;
  databaseUrl: string;
  /** PHAROS_DATA_DIR of the server (its key is there). */
  dataDir: string;
  cli: CliProcess;
  /** Whether the server process is still the one started (it has not exited). */
  alive(): boolean;
  tokenFor(roles: Role[]): Promise<string>;
  /** What it printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** The server reaches its database through this port on 127.0.0.1 (a proxy) instead of directly. */
  databasePort?: number;
}

export async function startServeProcess(extraEnv: Record<string, string> = {}, options: ServeOptions = {}): Promise<ServeProcess> {
  const database: FreshDatabase = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-serve-'));
  const port = await freePort();
  const served = new URL(database.url);
  if (options.databasePort !== undefined) served.port = String(options.databasePort);
  const cli = spawnCli(['serve'], { DATABASE_URL: served.toString(), PHAROS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extraEnv });
  const url = `http://127.0.0.1:${port}`;
  const output = (): string => `stdout: ${cli.stdout().slice(-4_000)}\nstderr: ${cli.stderr().slice(-4_000)}`;
  try {
    // Ready, not only answering: the job runner and schedules start once the server answers.
    await waitForOk(`${url}/api/ready`, 120_000);
  } catch (error) {
    cli.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    url,
    pool,
    databaseUrl: database.url,
    dataDir,
    cli,
    alive: () => cli.child.exitCode === null && cli.child.signalCode === null,
    tokenFor: (roles) => createToken(pool, { email: `serve-${randomUUID()}@example.com`, roles }),
    output,
    async stop() {
      if (cli.child.exitCode === null && cli.child.signalCode === null) {
        const exited = new Promise((resolve) => cli.child.once('exit', resolve));
        cli.child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        cli.child.kill('SIGKILL');
      }
      await pool.end();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
