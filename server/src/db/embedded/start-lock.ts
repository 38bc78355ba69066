import { open, readFile, rm } from 'node:fs/promises';
import { isRunning } from './processes.js';

const WAIT_MS = 120_000;

/**
 * Runs `fn` while holding a lock file, so two Pharos processes starting on one data folder at once
 * do not both initialise or start a cluster there; the second then finds the first one's running.
 * A lock left by a dead process is taken over.
 */
export async function withStartLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (!(await isRunning(holder))) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Process ${holder} has been starting the embedded PostgreSQL for too long (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await fn();
  } finally {
    await rm(file, { force: true });
  }
}
