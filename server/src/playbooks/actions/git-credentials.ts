import { chmod, chown, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandRun } from '../../commands/index.js';
import type { GitAccess } from '../../connections/git-access.js';

/** Answers git's prompts from the environment, so credentials are in no URL, argument or file. */
const ASKPASS = `#!/bin/sh
case "$1" in
  Username*) printf '%s\\n' "$PHAROS_GIT_USERNAME" ;;
  *) printf '%s\\n' "$PHAROS_GIT_PASSWORD" ;;
esac
`;

async function writeOwned(run: CommandRun, file: string, content: string, mode: number): Promise<void> {
  await writeFile(file, content, { mode, flag: 'wx' });
  await chmod(file, mode);
  if (run.user) await chown(file, run.user.uid, run.user.gid);
}

/**
 * The remote without the credentials an HTTP URL may carry (command lines are visible to every OS
 * user), those moved to the access where it has none of its own.
 */
export function withoutUrlCredentials(access: GitAccess): GitAccess {
  if (!/^https?:\/\//i.test(access.url)) return access;
  const url = new URL(access.url);
  if (!url.username && !url.password) return access;
  const username = access.username || decodeURIComponent(url.username);
  const password = access.password || decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { ...access, url: url.toString(), username, password };
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
