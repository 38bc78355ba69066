import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRunning, processInfo } from './processes.js';

export interface PostmasterLock {
  pid: number;
  port: number;
}

/** Reads `postmaster.pid`, PostgreSQL's lock file: line 1 is the PID, line 4 the port. */
export async function readPostmasterLock(pgDir: string): Promise<PostmasterLock | null> {
  let text: string;
  try {
    text = await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const lines = text.split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

export async function removePostmasterLock(pgDir: string): Promise<void> {
  await rm(path.join(pgDir, 'postmaster.pid'), { force: true });
}

/** The live postgres process the lock file names, or null when the lock is stale (dead or reused PID). */
export async function livePostmaster(lock: PostmasterLock): Promise<{ pid: number; ppid: number } | null> {
  if (!(await isRunning(lock.pid))) return null;
  const info = await processInfo(lock.pid);
  if (!info || !info.command.startsWith('postgres')) return null;
  return { pid: info.pid, ppid: info.ppid };
}
