import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, waitForExit } from '../../src/db/embedded/processes.js';
import { exited, runCli, spawnCli, type CliProcess } from '../support/cli.js';
import { freePort, waitForOk } from '../support/http.js';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-serve-'));
const started: CliProcess[] = [];
const postmasters = new Set<number>();

async function postmaster(): Promise<{ pid: number; port: number }> {
  const lines = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  const pid = Number(lines[0]);
  postmasters.add(pid);
  return { pid, port: Number(lines[3]) };
}

async function serve(port: number): Promise<CliProcess> {
  const cli = spawnCli(['serve'], { PHAROS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  started.push(cli);
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`);
  }
  return cli;
}

afterAll(async () => {
  for (const cli of started) cli.child.kill('SIGKILL');
  for (const pid of postmasters) {
    if (await isRunning(pid)) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 10_000);
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('pharos serve with the embedded PostgreSQL', () => {
  it('recovers after being killed on the port it had, shares its database with other commands, and stops it on SIGINT', async () => {
    const first = await serve(await freePort());
    const { pid: orphan, port: databasePort } = await postmaster();

    first.child.kill('SIGKILL');
    await exited(first.child);
    // The postmaster outlives a killed server; the next start must deal with it.
    expect(await isRunning(orphan)).toBe(true);

    const port = await freePort();
    const second = await serve(port);
    expect(await isRunning(orphan)).toBe(false);
    const restarted = await postmaster();
    expect(restarted.pid).not.toBe(orphan);
    // The same port, so connections saved with the database's URL still reach it.
    expect(restarted.port).toBe(databasePort);

    // Room for three servers of the default pool sizes, so the server has nothing to warn about.
    const { user, password } = JSON.parse(await readFile(path.join(dataDir, 'postgres.json'), 'utf8')) as { user: string; password: string };
    const client = new pg.Client({ host: '127.0.0.1', port: restarted.port, user, password, database: 'postgres' });
    await client.connect();
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections').finally(() => client.end());
    expect(rows[0]?.max_connections).toBe('200');
    expect(second.stdout()).not.toContain('database connections, but PostgreSQL has room');

    // A command run beside the server uses the server's cluster rather than starting or stopping one.
    const created = await runCli(['token', 'create', '--email', 'ops@example.com', '--role', 'admin'], { PHAROS_DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(await isRunning(restarted.pid)).toBe(true);
    const response = await fetch(`http://127.0.0.1:${port}/api/does-not-exist`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);

    second.child.kill('SIGINT');
    expect(await exited(second.child), `stdout: ${second.stdout()}\nstderr: ${second.stderr()}`).toBe(0);
    expect(await waitForExit(restarted.pid, 10_000)).toBe(true);
  });
});
