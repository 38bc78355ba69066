import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The compiled CLI, as `npm start` runs it; `npm test` builds it first (tsc -b). */
export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first`);
}

/** Environment for a child CLI: the test's variables, without ones that would redirect it. */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
  delete env['DATABASE_URL'];
  delete env['PHAROS_DATA_DIR'];
  delete env['PORT'];
  return { ...env, ...extra };
}

export interface CliProcess {
  child: ChildProcess;
  /** Everything printed so far (output is always read, so a chatty child never blocks on a full pipe). */
  stdout(): string;
  stderr(): string;
}

/** Starts `node server/dist/cli/main.js …` without waiting for it; `input` is written to its standard input. */
export function spawnCli(args: readonly string[], env: Record<string, string>, user?: { uid: number; gid: number }, input?: string): CliProcess {
  assertBuilt();
  const stdin = input === undefined ? 'ignore' : 'pipe';
  const child = spawn(process.execPath, [CLI, ...args], { env: cliEnv(env), stdio: [stdin, 'pipe', 'pipe'], ...user });
  if (input !== undefined) child.stdin?.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** Runs the CLI to completion and collects its output. */
export function runCli(args: readonly string[], env: Record<string, string>, timeoutMs = 60_000, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const cli = spawnCli(args, env, undefined, input);
    const timer = setTimeout(() => {
      cli.child.kill('SIGKILL');
      reject(new Error(`pharos ${args.join(' ')} did not finish in ${timeoutMs} ms; stderr: ${cli.stderr()}`));
    }, timeoutMs);
    cli.child.on('error', reject);
    cli.child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: cli.stdout(), stderr: cli.stderr() });
    });
  });
}

/** Resolves with the exit code once the child has exited. */
export function exited(child: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process ${child.pid} did not exit in ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
