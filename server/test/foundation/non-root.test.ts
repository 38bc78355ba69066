import { spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, waitForExit } from '../../src/db/embedded/processes.js';
import { CLI, exited, spawnCli, type CliProcess } from '../support/cli.js';
import { freePort, waitForOk } from '../support/http.js';

/** The unprivileged account every Linux system has. */
const NOBODY = { uid: 65534, gid: 65534 };
const asRoot = process.getuid?.() === 0;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-nonroot-'));
let server: CliProcess | undefined;

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

// As a normal user the embedded PostgreSQL runs as that user; as root the other tests cover it.
describe.runIf(asRoot)('pharos serve as a normal user', () => {
  it('starts the embedded PostgreSQL in a folder of its own, answers, and stops it on SIGINT', async (context) => {
    // A checkout inside a private folder (e.g. under /root) cannot be read by another account.
    const probe = spawn(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(CLI)})`], { ...NOBODY, stdio: 'ignore' });
    if ((await exited(probe)) !== 0) context.skip('the checkout is not readable by an unprivileged account');
    await chown(dataDir, NOBODY.uid, NOBODY.gid);
    await chmod(dataDir, 0o755);
    const port = await freePort();
    server = spawnCli(['serve'], { PHAROS_DATA_DIR: path.join(dataDir, 'data'), PORT: String(port), HOST: '127.0.0.1', HOME: dataDir }, NOBODY);
    try {
      await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nstderr: ${server.stderr()}`);
    }
    const postmaster = Number((await readFile(path.join(dataDir, 'data', 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(await isRunning(postmaster)).toBe(true);

    server.child.kill('SIGINT');
    expect(await exited(server.child), `stdout: ${server.stdout()}\nstderr: ${server.stderr()}`).toBe(0);
    expect(await waitForExit(postmaster, 10_000)).toBe(true);
  });
});
