import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** The ids of the live processes whose real user is `uid` (zombies left out). */
export async function processesOf(uid: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const realUid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (realUid !== undefined && Number(realUid) === uid && state !== 'Z') pids.push(Number(entry));
  }
  return pids;
}

/** Sends SIGKILL to every process of `uid` at once, from a process of that user (kill -1), which dies with them. */
function killAllAs(uid: number, gid: number): Promise<void> {
  return new Promise((resolve) => {
    // No environment: the user's processes may read this one's while it lives.
    const killer = spawn('/bin/sh', ['-c', 'kill -9 -1'], { uid, gid, env: {}, stdio: 'ignore' });
    killer.once('error', () => resolve());
    killer.once('exit', () => resolve());
  });
}

/** How long to keep killing before giving up (a busy machine may take long to start the killer). */
const KILL_DEADLINE_MS = 15_000;

/**
 * Stops every process of an OS user that belongs to one run alone, whatever group or session they
 * moved to; answers how many were still there at the last look (0 when all are gone).
 */
export async function killEveryProcessOf(uid: number, gid: number): Promise<number> {
  const deadline = Date.now() + KILL_DEADLINE_MS;
  let left = await processesOf(uid);
  for (let attempt = 0; left.length > 0 && Date.now() < deadline; attempt += 1) {
    await killAllAs(uid, gid);
    await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 10, 200)));
    left = await processesOf(uid);
  }
  return left.length;
}
