import { randomUUID } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs of commands at once on one machine, each as its own OS user. */
export const SLOT_COUNT = 64;

/** A slot claimed by this process: its number, until released. */
export interface Slot {
  slot: number;
  release(): Promise<void>;
}

/** The folder of the claims (one per slot in use), shared by the Pharos processes of this machine and writable by none else. */
async function slotsFolder(): Promise<string> {
  const folder = path.join(tmpdir(), `pharos-exec-slots-${process.getuid?.() ?? 0}`);
  await mkdir(folder, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const info = await lstat(folder);
  if (!info.isDirectory() || info.uid !== process.getuid?.() || (info.mode & 0o077) !== 0) {
    throw new Error(`${folder} must be a folder of this server's user that no one else can write (mode 0700)`);
  }
  return folder;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ownerOf = async (claim: string): Promise<number | undefined> => {
  const pid = Number((await readFile(path.join(claim, 'pid'), 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
};

/** Takes over the claim of a process that died holding it; false when it turned out to be live. */
async function reclaim(folder: string, claim: string, deadOwner: number): Promise<boolean> {
  const aside = path.join(folder, `.stale-${randomUUID()}`);
  try {
    await rename(claim, aside);
  } catch {
    return false;
  }
  if ((await ownerOf(aside)) !== deadOwner) {
    // A live process claimed it between the look and the move: give it back.
    await rename(aside, claim).catch(() => undefined);
    return false;
  }
  await rm(aside, { recursive: true, force: true });
  return true;
}

/** Claims a free slot: a folder holding this process's id, moved into place in one step so no two processes get one slot. */
export async function claimSlot(): Promise<Slot> {
  const folder = await slotsFolder();
  for (let slot = 0; slot < SLOT_COUNT; slot += 1) {
    const claim = path.join(folder, String(slot));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const draft = await mkdtemp(path.join(folder, '.draft-'));
      await writeFile(path.join(draft, 'pid'), String(process.pid));
      try {
        await rename(draft, claim);
        return { slot, release: () => rm(claim, { recursive: true, force: true }) };
      } catch {
        await rm(draft, { recursive: true, force: true });
      }
      const owner = await ownerOf(claim);
      if (owner === undefined || alive(owner) || !(await reclaim(folder, claim, owner))) break;
    }
  }
  throw new Error(`all ${SLOT_COUNT} users for commands are busy: too many commands run at once on this machine, try again later`);
}
