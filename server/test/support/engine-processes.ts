import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SCRIPT = fileURLToPath(new URL('./engine-process.ts', import.meta.url));

export interface EngineProcess {
  name: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGTERM, then waits for a clean exit. */
  stop(): Promise<void>;
  /** SIGKILL: no clean-up at all, as when a machine dies. */
  kill(): Promise<void>;
}

function exit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts a process running an engine script, by default the one with the test jobs (see
 * engine-process.ts); resolves once the script printed 'ready'. The script reads DATABASE_URL and
 * may read ENGINE_PROCESS_NAME.
 */
export async function startEngineProcess(databaseUrl: string, name: string, script = SCRIPT): Promise<EngineProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ENGINE_PROCESS_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    // tsx compiles the process's sources first: on a busy machine that alone can take most of a minute.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`engine process ${name} did not start: ${stderr}`));
    }, 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`engine process ${name} exited with ${code}: ${stderr}`));
    });
  });
  return {
    name,
    child,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      await exit(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exit(child);
    },
  };
}

/** Starts one process per name at once; if any fails to start, kills those that did and throws. */
export async function startEngineProcesses(databaseUrl: string, names: readonly string[], script = SCRIPT): Promise<EngineProcess[]> {
  const started = await Promise.allSettled(names.map((name) => startEngineProcess(databaseUrl, name, script)));
  const failed = started.find((result) => result.status === 'rejected');
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (failed) {
    await Promise.all(running.map((engine) => engine.kill()));
    throw failed.reason;
  }
  return running;
}

/** The table the test jobs record their runs in. */
export async function createRunsTable(pool: pg.Pool): Promise<void> {
  await pool.query(`create table engine_test_runs (
    id bigserial primary key,
    key text not null,
    tick timestamptz,
    process text not null,
    started_at timestamptz not null default clock_timestamp(),
    finished_at timestamptz
  )`);
}

export interface TestRun {
  key: string;
  tick: Date | null;
  process: string;
  started_at: Date;
  finished_at: Date | null;
}

export async function testRuns(pool: pg.Pool): Promise<TestRun[]> {
  const { rows } = await pool.query<TestRun>('select key, tick, process, started_at, finished_at from engine_test_runs order by key, started_at');
  return rows;
}
