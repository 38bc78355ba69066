import { chmod, chown, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ensurePostgresOsUser, isRoot } from './db/embedded/permissions.js';

/**
 * Keeps the data folder to Pharos's own user: its files (secret.key, postgres.json …) mode 0600 at
 * most, and the folder 0700, or, as root with an embedded PostgreSQL in it, 0710 with the `postgres`
 * group, which only lets that user reach its cluster inside. User commands (other OS users) can
 * neither list nor read it.
 */
export async function protectDataFolder(dataDir: string, options: { embedded: boolean }): Promise<void> {
  const info = await stat(dataDir).catch(() => undefined);
  if (!info?.isDirectory()) return;
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dataDir, entry.name);
    const mode = (await stat(file)).mode & 0o7777;
    if ((mode & 0o077) !== 0) await chmod(file, mode & 0o700);
  }
  // A cluster in the folder (another process's embedded PostgreSQL, when this one uses DATABASE_URL)
  // must stay reachable by its user, or it fails at its next file.
  const holdsCluster = options.embedded || (await stat(path.join(dataDir, 'postgres')).then((found) => found.isDirectory(), () => false));
  if (isRoot() && holdsCluster) {
    const postgres = await ensurePostgresOsUser();
    await chown(dataDir, info.uid, postgres.gid);
    await chmod(dataDir, 0o710);
  } else {
    await chmod(dataDir, 0o700);
  }
}
