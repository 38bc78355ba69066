import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVE_COMMAND } from './server.js';

const STOP_TIMEOUT_MS = 30_000;

/** A port free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

export interface ServeOptions {
  /** Repository root, where `npm start` runs. */
  rootDir: string;
  /** PHAROS_DATA_DIR of the server. */
  dataDir: string;
  /** DATABASE_URL of the server; without it the server's own embedded PostgreSQL in the data folder. */
  databaseUrl?: string;
  port: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: readonly string[];
  /** LOG_LEVEL of the server; the environment's when absent. */
  logLevel?: string;
  /** How the server is asked to stop: SIGTERM by default, SIGINT as Ctrl-C does. */
  stopSignal?: 'SIGTERM' | 'SIGINT';
  /** How many chunks of output to keep to explain a failure (30 by default). */
  outputChunks?: number;
  /** Milliseconds between GET /api/health attempts while starting (50 by default). */
  pollMs?: number;
  /** Milliseconds to wait for the first 200 from GET /api/health (120,000 by default). */
  startTimeoutMs?: number;
}

/** `pharos serve` as a child; keeps the tail of its output to explain a failure. */
export class ServeProcess {
  readonly url: string;
  /** performance.now() when spawned and when it first answered /api/health. */
  readonly spawnedAt = performance.now();
  listeningAt = Number.NaN;
  private readonly child: ChildProcess;
  private readonly chunks: string[] = [];
  private readonly exited: Promise<number | null>;
  private readonly stopSignal: 'SIGTERM' | 'SIGINT';

  private constructor(options: ServeOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
    this.stopSignal = options.stopSignal ?? 'SIGTERM';
    const env: NodeJS.ProcessEnv = { ...process.env, PHAROS_DATA_DIR: options.dataDir, PORT: String(options.port), HOST: '127.0.0.1' };
    if (options.databaseUrl === undefined) delete env['DATABASE_URL'];
    else env['DATABASE_URL'] = options.databaseUrl;
    if (options.logLevel !== undefined) env['LOG_LEVEL'] = options.logLevel;
    this.child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...SERVE_COMMAND], { cwd: options.rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const limit = options.outputChunks ?? 30;
    const keep = (chunk: Buffer): void => {
      this.chunks.push(chunk.toString());
      if (this.chunks.length > limit) this.chunks.shift();
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code) => resolve(code));
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The output kept so far. */
  output(): string {
    return this.chunks.join('');
  }

  /** Spawns the server and resolves once GET /api/health answers 200. */
  static async start(options: ServeOptions): Promise<ServeProcess> {
    const server = new ServeProcess(options);
    const startTimeoutMs = options.startTimeoutMs ?? 120_000;
    try {
      while (!(await answers(`${server.url}/api/health`))) {
        if (!server.running) throw server.failure('pharos serve exited before answering');
        if (performance.now() - server.spawnedAt > startTimeoutMs) throw server.failure(`pharos serve did not answer within ${startTimeoutMs} ms`);
        await sleep(options.pollMs ?? 50);
      }
    } catch (error) {
      await server.stop().catch(() => undefined);
      throw error;
    }
    server.listeningAt = performance.now();
    return server;
  }

  failure(message: string): Error {
    return new Error(`${message}; last output:\n${this.output().trimEnd()}`);
  }

  /** Output lines at warn level or above so far. */
  warnings(): string[] {
    return this.output()
      .split('\n')
      .filter((line) => line.includes('"level":40') || line.includes('"level":50'));
  }

  /** The stop signal (a graceful shutdown stops an embedded PostgreSQL too), then waits for the exit; SIGKILL after 30 s. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill(this.stopSignal);
    const timeout = sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const);
    if ((await Promise.race([this.exited, timeout])) === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
      throw this.failure(`pharos serve did not stop within ${STOP_TIMEOUT_MS} ms of ${this.stopSignal}`);
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
