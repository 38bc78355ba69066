import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a git connection gives: the remote, its basic credentials or an SSH private key. */
export interface GitAccess {
  url: string;
  username?: string | null;
  password?: string | null;
  /** An SSH private key (`auth: ssh`). */
  certificate?: string | null;
}

/** The URL with basic credentials in it (HTTP remotes); others as they are. */
export function gitRemote(access: GitAccess): string {
  if (!/^https?:\/\//i.test(access.url) || !access.username) return access.url;
  const parsed = new URL(access.url);
  parsed.username = access.username;
  parsed.password = access.password ?? '';
  return parsed.toString();
}

/**
 * The environment git runs in for a remote: no prompts, a home of its own (`folder`), and the SSH key
 * written there when the access has one.
 */
export async function gitEnvironment(access: GitAccess, folder: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: folder, GIT_TERMINAL_PROMPT: '0' };
  if (access.certificate) {
    const key = path.join(folder, 'key');
    await writeFile(key, `${access.certificate.trim()}\n`, { mode: 0o600 });
    env['GIT_SSH_COMMAND'] = `ssh -i ${key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=${path.join(folder, 'known_hosts')} -o BatchMode=yes`;
  }
  return env;
}

/** git's error output without the password a remote URL carried. */
export function gitFailure(error: unknown, password?: string | null): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  return (stderr || (error as Error).message).split(password || '\u0000').join('***').replace(/^fatal: /gm, '');
}
