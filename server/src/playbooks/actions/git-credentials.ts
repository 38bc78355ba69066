import { chmod, chown, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandRun } from '../../commands/index.js';
import { ASKPASS, type GitAccess } from '../../connections/git-access.js';

/** Writes a new file of the run's folder that only the run's user (and root) can read. */
export async function writeOwned(run: CommandRun, file: string, content: string, mode: number): Promise<void> {
  await writeFile(file, content, { mode, flag: 'wx' });
  await chmod(file, mode);
  if (run.user) await chown(file, run.user.uid, run.user.gid);
}

/**
 * The environment git runs in for a remote, inside a run of user commands: no prompts; basic
 * credentials through an askpass script reading them from the environment (which only the run's own
 * user and root can read); an SSH key in a file of the run's folder that only the run's user can read.
 * Written before any command of the run starts, so nothing in the folder is the command's yet.
 */
export async function gitCredentials(run: CommandRun, access: GitAccess): Promise<Record<string, string>> {
  const env: Record<string, string> = { GIT_TERMINAL_PROMPT: '0' };
  if (access.username || access.password) {
    const askpass = path.join(run.folder, '.pharos-askpass');
    await writeOwned(run, askpass, ASKPASS, 0o700);
    Object.assign(env, { GIT_ASKPASS: askpass, PHAROS_GIT_USERNAME: access.username ?? '', PHAROS_GIT_PASSWORD: access.password ?? '' });
  }
  if (access.certificate) {
    const key = path.join(run.folder, '.pharos-ssh-key');
    await writeOwned(run, key, `${access.certificate.trim()}\n`, 0o600);
    env['GIT_SSH_COMMAND'] = `ssh -i ${key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=${path.join(run.folder, '.pharos-known-hosts')} -o BatchMode=yes`;
  }
  return env;
}
