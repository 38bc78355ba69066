import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which Pharos process started the running postmaster, and whether other processes may use it
 * (`serve` runs until stopped; a one-shot command stops its cluster when it ends). It tells a
 * cluster in use by a live Pharos from one orphaned by a killed Pharos.
 */
export interface Owner {
  pid: number;
  shareable: boolean;
}

function ownerFile(dataDir: string): string {
  return path.join(dataDir, 'postgres.owner');
}

export async function readOwner(dataDir: string): Promise<Owner | null> {
  try {
    const value: unknown = JSON.parse(await readFile(ownerFile(dataDir), 'utf8'));
    if (
      typeof value === 'object' && value !== null &&
      'pid' in value && typeof value.pid === 'number' &&
      'shareable' in value && typeof value.shareable === 'boolean'
    ) {
      return { pid: value.pid, shareable: value.shareable };
    }
    return null;
  } catch {
    return null;
  }
}

export async function writeOwner(dataDir: string, owner: Owner): Promise<void> {
  await writeFile(ownerFile(dataDir), `${JSON.stringify(owner)}\n`);
}

export async function removeOwner(dataDir: string): Promise<void> {
  await rm(ownerFile(dataDir), { force: true });
}
