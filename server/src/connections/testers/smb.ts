import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';
import type { ResolvedConnection } from '../resolve.js';

const run = promisify(execFile);

/** `\\server\share[\path]` or `smb://server/share/path`, read into the server, the share and the folder under it. */
export function smbTarget(connection: ResolvedConnection): { server: string; share: string; folder: string } {
  const text = required(connection.url, 'server').replace(/^smb:\/\//i, '//').replace(/\\/g, '/');
  const [server, share, ...rest] = text.replace(/^\/+/, '').split('/');
  if (!server || !share) throw new ConnectionTestFailure(`'${connection.url ?? ''}' names no share: write \\\\server\\share or smb://server/share`);
  return { server, share, folder: rest.filter(Boolean).join('/') || connection.properties['searchPath'] || '' };
}

/**
 * Logs in to the share and lists its folder with Samba's smbclient (NTLM needs MD4, which Node's
 * OpenSSL 3 no longer has). The credentials go through a file of mode 0600, never the command line.
 */
export const testSmb: ConnectionTester = (connection, signal) =>
  failureOf(async () => {
    const { server, share, folder } = smbTarget(connection);
    const dir = await mkdtemp(path.join(tmpdir(), 'pharos-smb-'));
    try {
      const credentials = path.join(dir, 'credentials');
      const domain = connection.properties['domain'];
      await writeFile(credentials, `username=${required(connection.username, 'username')}\npassword=${connection.password ?? ''}\n${domain ? `domain=${domain}\n` : ''}`, { mode: 0o600 });
      const command = folder ? `cd "${folder.replace(/"/g, '')}"; ls` : 'ls';
      const args = [`//${server}/${share}`, '-p', connection.properties['port'] || '445', '-A', credentials, '-m', 'SMB3', '-c', command];
      try {
        await run('smbclient', args, { timeout: TEST_TIMEOUT_MS, signal, env: { PATH: process.env['PATH'], HOME: dir } });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConnectionTestFailure('Testing SMB needs the smbclient program (Debian package smbclient)');
        const output = `${String((error as { stdout?: unknown }).stdout ?? '')}\n${String((error as { stderr?: unknown }).stderr ?? '')}`;
        const reason = /NT_STATUS_[A-Z_]+/.exec(output)?.[0] ?? output.trim().split('\n').pop() ?? (error as Error).message;
        throw new ConnectionTestFailure(`${server}/${share}: ${reason}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
