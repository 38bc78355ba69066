import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The group of every user commands run as. */
export const COMMAND_GROUP = 'pharos-exec';

export interface CommandUser {
  name: string;
  uid: number;
  gid: number;
}

export const commandUserName = (slot: number): string => `${COMMAND_GROUP}-${slot}`;

async function lookup(name: string): Promise<CommandUser | null> {
  try {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', name]), execFileAsync('id', ['-g', name])]);
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

const known = new Map<number, CommandUser>();

/**
 * The unprivileged OS user of one slot (`pharos-exec-N`, group `pharos-exec`, no home, no login
 * shell), created when missing. Needs root.
 */
export async function commandUser(slot: number): Promise<CommandUser> {
  const cached = known.get(slot);
  if (cached) return cached;
  const name = commandUserName(slot);
  let user = await lookup(name);
  if (!user) {
    await execFileAsync('groupadd', ['--system', COMMAND_GROUP]).catch(() => undefined);
    // Another Pharos process may create the same user at the same moment: only a user still missing is an error.
    const created = await execFileAsync('useradd', ['--system', '-g', COMMAND_GROUP, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name]).catch(
      (error: unknown) => error as Error,
    );
    user = await lookup(name);
    if (!user) throw new Error(`could not create the OS user ${name}: ${created instanceof Error ? created.message.trim() : 'it cannot be looked up'}`);
  }
  if (user.uid === 0 || user.gid === 0) throw new Error(`the OS user ${name} is privileged (uid ${user.uid}, gid ${user.gid})`);
  known.set(slot, user);
  return user;
}
