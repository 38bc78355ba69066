import { spawn } from 'node:child_process';
import type { CommandUser } from './command-users.js';
import { SHARED_TEMPORARY_FOLDERS } from './private-temp.js';
const REMOVAL_TIMEOUT_MS = 30_000;

/**
 * Removes what a run's user left in the shared temporary folders, so that the next run given the same
 * user finds nothing of this one's. Runs as that user, so it can remove nothing else.
 */
export function removeLeftovers(user: CommandUser): Promise<void> {
  return new Promise((resolve) => {
    const find = spawn('find', [...SHARED_TEMPORARY_FOLDERS.keys(), '-xdev', '-depth', '-user', String(user.uid), '-delete'], {
      uid: user.uid,
      gid: user.gid,
      env: {},
      stdio: 'ignore',
      timeout: REMOVAL_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    find.once('error', () => resolve());
    find.once('exit', () => resolve());
  });
}
