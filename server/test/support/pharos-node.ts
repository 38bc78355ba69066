import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exited, spawnCli, type CliProcess } from './cli.js';
import { freePort, waitForOk } from './http.js';

/** `pharos serve` with a data folder of its own, on the database of DATABASE_URL or else its embedded one. */
export interface PharosNode {
  name: string;
  url: string;
  /** PHAROS_DATA_DIR (an embedded PostgreSQL lives in its postgres/ folder). */
  dataDir: string;
  cli: CliProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function startPharosNode(name: string, env: Record<string, string>): Promise<PharosNode> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `pharos-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cli = spawnCli(['serve'], { PHAROS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
  const output = () => `${name} stdout: ${cli.stdout().slice(-6_000)}\n${name} stderr: ${cli.stderr().slice(-6_000)}`;
  const stop = async () => {
    if (cli.child.exitCode === null && cli.child.signalCode === null) {
      cli.child.kill('SIGTERM');
      await exited(cli.child, 20_000).catch(() => cli.child.kill('SIGKILL'));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${url}/api/ready`, 120_000);
  } catch (error) {
    const message = `${(error as Error).message}\n${output()}`;
    await stop();
    throw new Error(message);
  }
  return { name, url, dataDir, cli, output, stop };
}
