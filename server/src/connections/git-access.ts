import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { splitUserInfo } from './url-user-info.js';

/** What a git connection gives: the remote, its basic credentials or an SSH private key. */
export interface GitAccess {
  url: string;
  username?: string | null;
  password?: string | null;
  /** An SSH private key (`auth: ssh`). */
  certificate?: string | null;
}

/** Answers git's prompts from the environment, so credentials are in no URL or argument (command lines are visible to every OS user). */
export const ASKPASS = `#!/bin/sh
case "$1" in
  Username*) printf '%s\\n' "$PHAROS_GIT_USERNAME" ;;
  *) printf '%s\\n' "$PHAROS_GIT_PASSWORD" ;;
esac
`;

/** The remote without the credentials an HTTP URL may carry, those moved to the access where it has none of its own. */
export function withoutUrlCredentials(access: GitAccess): GitAccess {
  if (!/^https?:\/\//i.test(access.url)) return access;
  const written = splitUserInfo(access.url);
  if (written.url === access.url) return access;
  return { ...access, url: written.url, username: access.username || (written.username ?? ''), password: access.password || (written.password ?? '') };
}

/**
 * The environment git runs in for a remote, in a folder only this process's user can read: no
 * prompts, a home of its own (`folder`), basic credentials through an askpass script reading them
 * from the environment, and the SSH key written there when the access has one.
 */
export async function gitEnvironment(access: GitAccess, folder: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: folder, GIT_TERMINAL_PROMPT: '0' };
  if (access.username || access.password) {
    const askpass = path.join(folder, 'askpass');
    await writeFile(askpass, ASKPASS, { mode: 0o700 });
    Object.assign(env, { GIT_ASKPASS: askpass, PHAROS_GIT_USERNAME: access.username ?? '', PHAROS_GIT_PASSWORD: access.password ?? '' });
  }
  if (access.certificate) {
    const key = path.join(folder, 'key');
    await writeFile(key, `${access.certificate.trim()}\n`, { mode: 0o600 });
    env['GIT_SSH_COMMAND'] = `ssh -i ${key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=${path.join(folder, 'known_hosts')} -o BatchMode=yes`;
  }
  return env;
}

/** git's error output without the password. */
export function gitFailure(error: unknown, password?: string | null): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  return (stderr || (error as Error).message).split(password || '\u0000').join('***').replace(/^fatal: /gm, '');
}
