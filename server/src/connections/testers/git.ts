import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';
import type { ResolvedConnection } from '../resolve.js';

const run = promisify(execFile);

/** The URL with basic credentials in it (HTTP remotes); others as they are. */
function remoteOf(connection: ResolvedConnection): string {
  const url = required(connection.url, 'URL');
  if (!/^https?:\/\//i.test(url) || !connection.username) return url;
  const parsed = new URL(url);
  parsed.username = connection.username;
  parsed.password = connection.password ?? '';
  return parsed.toString();
}

/** Asks the remote for the ref with `git ls-remote`: the repository answers and has the branch or tag. */
export const testGit: ConnectionTester = (connection, signal) =>
  failureOf(async () => {
    const ref = connection.properties['ref'] || 'main';
    const folder = await mkdtemp(path.join(tmpdir(), 'pharos-git-'));
    try {
      const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: folder, GIT_TERMINAL_PROMPT: '0' };
      if (connection.properties['auth'] === 'ssh' || connection.certificate) {
        const key = path.join(folder, 'key');
        await writeFile(key, `${required(connection.certificate, 'private key').trim()}\n`, { mode: 0o600 });
        env['GIT_SSH_COMMAND'] = `ssh -i ${key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=${path.join(folder, 'known_hosts')} -o BatchMode=yes`;
      }
      let stdout: string;
      try {
        ({ stdout } = await run('git', ['ls-remote', '--', remoteOf(connection), ref], { env, timeout: TEST_TIMEOUT_MS, signal, maxBuffer: 1024 * 1024 }));
      } catch (error) {
        const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
        // git prints the URL with the password: keep it out of the answer.
        const secret = connection.password;
        const reason = (stderr || (error as Error).message).split(secret || '\u0000').join('***');
        throw new ConnectionTestFailure(reason.replace(/^fatal: /gm, ''));
      }
      if (stdout.trim() === '') throw new ConnectionTestFailure(`The repository has no branch or tag ${ref}`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
