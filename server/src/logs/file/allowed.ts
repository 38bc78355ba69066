import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { BackendConfigError } from '../types.js';

/** Where file log backends may read unless PHAROS_LOG_DIRS says otherwise. */
export const DEFAULT_LOG_DIRS = ['/var/log'];

/**
 * The folders file log backends may read (PHAROS_LOG_DIRS, a comma list of absolute folders): a
 * backend is written by editors and read by viewers, and must not reach the server's key or data.
 */
export function allowedLogDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env['PHAROS_LOG_DIRS'] ?? '').split(',').map((dir) => dir.trim()).filter((dir) => dir !== '');
  return (listed.length > 0 ? listed : DEFAULT_LOG_DIRS).map((dir) => path.resolve(dir));
}

/** Refuses (400) a file whose real path, links followed, is outside every allowed folder. */
export async function checkAllowed(file: string, dirs: readonly string[]): Promise<void> {
  const real = await realpath(file).catch(() => path.resolve(file));
  const inside = await Promise.all(dirs.map(async (dir) => {
    const root = await realpath(dir).catch(() => dir);
    return real === root || real.startsWith(`${root}${path.sep}`);
  }));
  if (!inside.some(Boolean)) throw new BackendConfigError(`${file} is outside the folders log backends may read (PHAROS_LOG_DIRS: ${dirs.join(', ')})`);
}
