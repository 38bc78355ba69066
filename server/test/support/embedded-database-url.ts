import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The connection URL of the embedded PostgreSQL a running `pharos serve` started in `dataDir`:
 * its superuser from `postgres.json`, its port from PostgreSQL's lock file (line 4).
 */
export async function embeddedDatabaseUrl(dataDir: string, database = 'pharos'): Promise<string> {
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'postgres.json'), 'utf8')) as { user: string; password: string };
  const lock = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(lock.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`No port in ${path.join(dataDir, 'postgres', 'postmaster.pid')}`);
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

/** The process id of the embedded PostgreSQL of `dataDir` (line 1 of its lock file), or null without one. */
export async function embeddedPostmasterPid(dataDir: string): Promise<number | null> {
  const lock = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(lock?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}
