import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';
import { gitEnvironment, gitFailure, withoutUrlCredentials } from '../git-access.js';

const run = promisify(execFile);

/** Asks the remote for the ref with `git ls-remote`: the repository answers and has the branch or tag. */
export const testGit: ConnectionTester = (connection, signal) =>
  failureOf(async () => {
    const ref = connection.properties['ref'] || 'main';
    const folder = await mkdtemp(path.join(tmpdir(), 'pharos-git-'));
    try {
      const ssh = connection.properties['auth'] === 'ssh' || Boolean(connection.certificate);
      const access = withoutUrlCredentials({ url: required(connection.url, 'URL'), username: connection.username, password: connection.password, certificate: ssh ? required(connection.certificate, 'private key') : null });
      const env = await gitEnvironment(access, folder);
      let stdout: string;
      try {
        ({ stdout } = await run('git', ['ls-remote', '--', access.url, ref], { env, timeout: TEST_TIMEOUT_MS, signal, maxBuffer: 1024 * 1024 }));
      } catch (error) {
        throw new ConnectionTestFailure(gitFailure(error, access.password));
      }
      if (stdout.trim() === '') throw new ConnectionTestFailure(`The repository has no branch or tag ${ref}`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
