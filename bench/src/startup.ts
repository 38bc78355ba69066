import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVE_COMMAND } from './server.js';

const POLL_INTERVAL_MS = 20;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface StartupOptions {
  /** Repository root, where `npm start` runs. */
  rootDir: string;
  /** PHAROS_DATA_DIR of the started servers. */
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

/** `pharos serve` as a child; keeps the tail of its output to explain a failure. */
class ServerProcess {
  private readonly child: ChildProcess;
  private readonly output: string[] = [];
  private readonly exited: Promise<number | null>;

  constructor(options: StartupOptions, port: number) {
    const env: NodeJS.ProcessEnv = { ...process.env, PHAROS_DATA_DIR: options.dataDir, PORT: String(port), HOST: '127.0.0.1' };
    delete env['DATABASE_URL']; // the warm data folder is what is measured
    this.child = spawn(process.execPath, [...SERVE_COMMAND], { cwd: options.rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer): void => {
      this.output.push(chunk.toString());
      if (this.output.length > 20) this.output.shift();
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code) => resolve(code));
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  failure(message: string): Error {
    return new Error(`${message}; last output:\n${this.output.join('').trimEnd()}`);
  }

  /** SIGINT, then waits for the exit (a graceful shutdown stops the embedded PostgreSQL too). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGINT');
    const timeout = sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const);
    if ((await Promise.race([this.exited, timeout])) === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
      throw this.failure(`pharos serve did not stop within ${STOP_TIMEOUT_MS} ms of SIGINT`);
    }
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** Milliseconds from spawning `pharos serve` to the first 200 from GET /api/health. */
async function timeOneStart(options: StartupOptions): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = new ServerProcess(options, port);
  try {
    while (!(await answers(`http://127.0.0.1:${port}/api/health`))) {
      if (!server.running) throw server.failure('pharos serve exited before answering');
      if (performance.now() - started > START_TIMEOUT_MS) throw server.failure(`pharos serve did not answer within ${START_TIMEOUT_MS} ms`);
      await sleep(POLL_INTERVAL_MS);
    }
    return performance.now() - started;
  } finally {
    await server.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface StartupResult {
  /** The first start, which initialises and migrates the data folder (not a warm start). */
  coldMs: number;
  warmMs: number[];
  medianMs: number;
}

/** One start to initialise the data folder, then `starts` timed warm starts. */
export async function measureStartup(options: StartupOptions, starts: number): Promise<StartupResult> {
  const coldMs = await timeOneStart(options);
  const warmMs: number[] = [];
  for (let i = 0; i < starts; i++) warmMs.push(await timeOneStart(options));
  return { coldMs, warmMs, medianMs: median(warmMs) };
}
