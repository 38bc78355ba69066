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

export interface SmbLogin {
  server: string;
  share: string;
  port: string | number;
  username: string;
  password?: string;
  domain?: string;
}

/**
 * Runs smbclient commands (`-c`) on a share and answers their output. The credentials go through a
 * file of mode 0600, never the command line; a refusal is thrown with Samba's NT_STATUS reason.
 */
export async function smbclient(login: SmbLogin, command: string, signal: AbortSignal, timeoutMs = TEST_TIMEOUT_MS): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pharos-smb-'));
  try {
    const credentials = path.join(dir, 'credentials');
    await writeFile(credentials, `username=${login.username}\npassword=${login.password ?? ''}\n${login.domain ? `domain=${login.domain}\n` : ''}`, { mode: 0o600 });
    const args = [`//${login.server}/${login.share}`, '-p', String(login.port), '-A', credentials, '-m', 'SMB3', '-c', command];
    try {
      const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: dir, ...(process.env['TZ'] ? { TZ: process.env['TZ'] } : {}) };
      return (await run('smbclient', args, { timeout: timeoutMs, signal, env, maxBuffer: 16 * 1024 * 1024 })).stdout;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConnectionTestFailure('SMB needs the smbclient program (Debian package smbclient)');
      const output = `${String((error as { stdout?: unknown }).stdout ?? '')}\n${String((error as { stderr?: unknown }).stderr ?? '')}`;
      const reason = /NT_STATUS_[A-Z_]+/.exec(output)?.[0] ?? output.trim().split('\n').pop() ?? (error as Error).message;
      throw new ConnectionTestFailure(`${login.server}/${login.share}: ${reason}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Logs in to the share and lists its folder with Samba's smbclient (NTLM needs MD4, which Node's
 * OpenSSL 3 no longer has).
 */
export const testSmb: ConnectionTester = (connection, signal) =>
  failureOf(async () => {
    const { server, share, folder } = smbTarget(connection);
    const command = folder ? `cd "${folder.replace(/"/g, '')}"; ls` : 'ls';
    const domain = connection.properties['domain'];
    await smbclient(
      { server, share, port: connection.properties['port'] || '445', username: required(connection.username, 'username'), password: connection.password ?? '', ...(domain ? { domain } : {}) },
      command,
      signal,
    );
  });
