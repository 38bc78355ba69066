import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { protectDataFolder } from './data-folder.js';
import { ensurePostgresOsUser, isRoot } from './db/embedded/permissions.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(withCluster: boolean): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pharos-data-folder-'));
  folders.push(folder);
  await writeFile(path.join(folder, 'secret.key'), 'key', { mode: 0o644 });
  if (withCluster) await mkdir(path.join(folder, 'postgres'));
  return folder;
}

describe('protectDataFolder', () => {
  it('closes the folder and its files to other users', async () => {
    const folder = await dataFolder(false);
    await protectDataFolder(folder, { embedded: false });
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, 'secret.key'))).mode & 0o777).toBe(0o600);
  });

  it.runIf(isRoot())('keeps a cluster in the folder reachable by the postgres user when the server itself uses DATABASE_URL', async () => {
    const folder = await dataFolder(true);
    await protectDataFolder(folder, { embedded: false });
    const info = await stat(folder);
    expect(info.mode & 0o777).toBe(0o710);
    expect(info.gid).toBe((await ensurePostgresOsUser()).gid);
  });
});
