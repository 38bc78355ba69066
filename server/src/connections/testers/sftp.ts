import { Client, type SFTPWrapper } from 'ssh2';
import { TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';
import type { ResolvedConnection } from '../resolve.js';

/** host and port from the fields, or from an sftp://user:pass@host:port/path URL. */
function target(connection: ResolvedConnection): { host: string; port: number; path: string } {
  if (connection.properties['host']) {
    return { host: connection.properties['host'], port: Number(connection.properties['port'] || 22), path: connection.properties['path'] || '.' };
  }
  const url = new URL(required(connection.url, 'host'));
  return { host: url.hostname, port: url.port ? Number(url.port) : 22, path: decodeURIComponent(url.pathname) || '.' };
}

export interface SftpLogin {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
}

/**
 * Logs in over SSH and opens SFTP for `work`; the session ends when it settles. A failed password
 * login says so in words, not as ssh2's list of methods.
 */
export function withSftp<T>(login: SftpLogin, work: (sftp: SFTPWrapper) => Promise<T>, timeoutMs = TEST_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const client = new Client();
    let settled = false;
    const settle = (error: Error | undefined, value?: T) => {
      if (settled) return;
      settled = true;
      client.end();
      if (error) reject(error);
      else resolve(value as T);
    };
    client.on('error', (error) => settle(error.message.includes('authentication methods failed') ? new Error(`Authentication failed for ${login.username}@${login.host}`) : error));
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) return settle(error);
        work(sftp).then(
          (value) => settle(undefined, value),
          (workError: Error) => settle(workError),
        );
      });
    });
    client.connect({
      host: login.host,
      port: login.port,
      username: login.username,
      ...(login.password ? { password: login.password } : {}),
      ...(login.privateKey ? { privateKey: login.privateKey } : {}),
      readyTimeout: timeoutMs,
      tryKeyboard: false,
    });
  });
}

/** Logs in with the password and lists the folder (the home folder by default). */
export const testSftp: ConnectionTester = (connection) =>
  failureOf(async () => {
    const { host, port, path } = target(connection);
    await withSftp(
      {
        host,
        port,
        username: required(connection.username, 'username'),
        ...(connection.password ? { password: connection.password } : {}),
        ...(connection.certificate ? { privateKey: connection.certificate } : {}),
      },
      (sftp) =>
        new Promise<void>((resolve, reject) => {
          sftp.readdir(path, (listError) => (listError ? reject(new Error(`Cannot list ${path}: ${listError.message}`)) : resolve()));
        }),
    );
  });
