import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVE_COMMAND } from './server.js';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

export interface HealthServerOptions {
  rootDir: string;
  dataDir: string;
  databaseUrl: string;
  port: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs: readonly string[];
}

/** `pharos serve` as a child on a given database; keeps the tail of its output to explain a failure. */
export class HealthServer {
  readonly url: string;
  /** performance.now() when spawned and when it first answered /api/health. */
  readonly spawnedAt = performance.now();
  listeningAt = Number.NaN;
  private readonly child: ChildProcess;
  private readonly output: string[] = [];
  private readonly exited: Promise<number | null>;

  private constructor(options: HealthServerOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PHAROS_DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    this.child = spawn(process.execPath, [...options.nodeArgs, ...SERVE_COMMAND], { cwd: options.rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer): void => {
      this.output.push(chunk.toString());
      if (this.output.length > 30) this.output.shift();
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

  /** Spawns the server and resolves once GET /api/health answers 200. */
  static async start(options: HealthServerOptions): Promise<HealthServer> {
    const server = new HealthServer(options);
    for (;;) {
      if (!server.running) throw server.failure('pharos serve exited before answering');
      if (performance.now() - server.spawnedAt > START_TIMEOUT_MS) throw server.failure(`pharos serve did not answer within ${START_TIMEOUT_MS} ms`);
      try {
        const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    server.listeningAt = performance.now();
    return server;
  }

  failure(message: string): Error {
    return new Error(`${message}; last output:\n${this.output.join('').trimEnd()}`);
  }

  /** Output lines at warn level or above so far. */
  warnings(): string[] {
    return this.output.join('').split('\n').filter((line) => line.includes('"level":40') || line.includes('"level":50'));
  }

  /** SIGTERM (a graceful shutdown), then waits for the exit. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timeout = sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const);
    if ((await Promise.race([this.exited, timeout])) === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
      throw this.failure(`pharos serve did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
    }
  }
}
