import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDataTemplate, DATA_TEMPLATE_ENV } from './data-template.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What `npm start` runs. */
export const CLI = path.join(ROOT, 'server/dist/cli/main.js');
export const WEB_INDEX = path.join(ROOT, 'web/dist/index.html');

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `url` until it answers 200, or throws after `timeoutMs` (or when the process died). */
export async function waitForOk(url: string, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the server exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}

export interface RunningServer {
  url: string;
  /** PHAROS_DATA_DIR of the server (its embedded PostgreSQL lives there). */
  dataDir: string;
  /** Everything the server printed (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface StartOptions {
  /** Extra environment of the server (e.g. SMTP_URL). */
  env?: Record<string, string>;
  /** The port to listen on (e.g. one the server must know its public URL by); a free one when absent. */
  port?: number;
}

/**
 * The real built server (`node server/dist/cli/main.js serve`) with its embedded PostgreSQL in a
 * fresh temporary folder (a copy of the run's migrated template when global setup made one), on a free port of 127.0.0.1, serving the built web app.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  for (const file of [CLI, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const template = process.env[DATA_TEMPLATE_ENV];
  const dataDir = template ? await copyDataTemplate(template) : await mkdtemp(path.join(os.tmpdir(), 'pharos-e2e-'));
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PHAROS_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // info: the journeys read the verification codes the server logs while it has no SMTP server.
    LOG_LEVEL: 'info',
    // Journeys write the files their log backends read under the temporary folder.
    PHAROS_LOG_DIRS: os.tmpdir(),
    ...options.env,
  };
  delete env['DATABASE_URL'];
  const child = spawn(process.execPath, [CLI, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child, 30_000);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Ready: migrated, and its job runner and schedules started (journeys watch checks run and runs end).
    await waitForOk(`${url}/api/ready`, 180_000, () => child.exitCode === null && child.signalCode === null);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { url, dataDir, output: () => output, stop };
}
