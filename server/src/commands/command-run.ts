import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandUser, type CommandUser } from './command-users.js';
import { isolationPolicy, withoutUser } from './isolation.js';
import { removeLeftovers } from './leftovers.js';
import { killEveryProcessOf } from './processes-of-user.js';
import { makePrivateTemp, pathOutside, type PrivateTemp } from './private-temp.js';
import { claimSlot, type Slot } from './slots.js';
import { spawnCommand } from './spawn-command.js';
import { findTool } from './tools.js';
import type { CommandRun } from './types.js';

/** Where prlimit is (its absolute path, so a spec's own PATH cannot replace it). */
function findPrlimit(): Promise<string> {
  return findTool('prlimit').catch(() => {
    throw new Error('exec is disabled: prlimit (from util-linux) is not installed, so commands cannot be held to their CPU, memory and process limits');
  });
}

/** The user a run's commands run as, claimed for this run alone, or none (Pharos's own user, when allowed). */
async function claimUser(): Promise<{ user?: CommandUser; slot?: Slot }> {
  const policy = isolationPolicy(process.getuid?.() ?? 0, process.env);
  if (policy.mode === 'refused') throw policy.error;
  if (policy.mode === 'unisolated') return {};
  const slot = await claimSlot();
  try {
    return { user: await commandUser(slot.slot), slot };
  } catch (error) {
    await slot.release();
    const fallback = withoutUser((error as Error).message, process.env);
    if (fallback.mode === 'refused') throw fallback.error;
    return {};
  }
}

/**
 * Runs `work` with a run of user commands of its own: an empty folder (mode 0700) owned by an
 * unprivileged OS user that no other run uses meanwhile. Each command starts in that folder as that
 * user, in its own process group, with only the environment it is given (plus PATH, HOME and LANG)
 * and the limits of COMMAND_LIMITS. Afterwards every process of the user is killed, and the folder and
 * what the user left in the shared temporary folders are removed. When Pharos cannot switch users it refuses (CommandsRefusedError) unless the operator set
 * PHAROS_EXEC_UNISOLATED=true.
 */
export async function withCommandRun<T>(signal: AbortSignal, work: (run: CommandRun) => Promise<T>): Promise<T> {
  const prlimit = await findPrlimit();
  const { user, slot } = await claimUser();
  let folder: string | undefined;
  let temp: PrivateTemp | undefined;
  try {
    // A run killed with its server may have left processes behind in this slot.
    if (user) await killEveryProcessOf(user.uid, user.gid);
    folder = await mkdtemp(path.join(tmpdir(), 'pharos-run-'));
    await chmod(folder, 0o700);
    if (user) await chown(folder, user.uid, user.gid);
    if (user) temp = await makePrivateTemp(user, folder);
    const runFolder = folder;
    const runTemp = temp;
    return await work({
      folder: runFolder,
      ...(user ? { user } : {}),
      outside: (file) => pathOutside(runTemp, file),
      run: (request) => spawnCommand(prlimit, runFolder, user, runTemp, request, signal),
    });
  } finally {
    const survivors = user ? await killEveryProcessOf(user.uid, user.gid) : 0;
    if (folder) await rm(folder, { recursive: true, force: true });
    if (temp) await rm(temp.root, { recursive: true, force: true });
    if (user && survivors === 0) await removeLeftovers(user);
    // A user some process of the run still holds is not given to another run (the next claim after this process ends kills them first).
    if (survivors === 0) await slot?.release();
  }
}
