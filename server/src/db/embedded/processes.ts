import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Executable name as the kernel reports it, e.g. `postgres`. */
  command: string;
  /** Single-letter state; `Z` is a zombie, which counts as gone. */
  state: string;
}

async function procInfoFromProcfs(pid: number): Promise<ProcessInfo | null> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command sits in parentheses and may itself contain spaces or parentheses.
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  const state = fields[0] ?? '';
  const ppid = Number(fields[1]);
  return { pid, ppid, command: stat.slice(open + 1, close), state };
}

async function procInfoFromPs(pid: number): Promise<ProcessInfo | null> {
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'ppid=,stat=,comm=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(\S+)\s+(.+)$/.exec(stdout.trim());
    if (!match) return null;
    const command = (match[3] ?? '').split('/').pop() ?? '';
    return { pid, ppid: Number(match[1]), command, state: (match[2] ?? '').charAt(0) };
  } catch {
    return null;
  }
}

/** What the OS knows about a process, or null when there is no such process. */
export async function processInfo(pid: number): Promise<ProcessInfo | null> {
  if (process.platform === 'linux') return procInfoFromProcfs(pid);
  return procInfoFromPs(pid);
}

/** True while the process exists and has not exited (a zombie has exited). */
export async function isRunning(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres OS user when we are not root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const info = await processInfo(pid);
  return info === null ? process.platform !== 'linux' : info.state !== 'Z';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until the process is gone; resolves false if it is still running after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Stops a postmaster: SIGINT is PostgreSQL's "fast shutdown" (abort transactions, checkpoint, exit);
 * SIGKILL only if it does not finish in time.
 */
export async function stopPostmaster(pid: number, timeoutMs = 20_000): Promise<void> {
  signal(pid, 'SIGINT');
  if (await waitForExit(pid, timeoutMs)) return;
  signal(pid, 'SIGKILL');
  if (!(await waitForExit(pid, 5_000))) throw new Error(`PostgreSQL process ${pid} did not stop`);
}
