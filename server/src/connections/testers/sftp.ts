import { Client } from 'ssh2';
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

/** Logs in with the password and lists the folder (the home folder by default). */
export const testSftp: ConnectionTester = (connection) =>
  failureOf(
    () =>
      new Promise<void>((resolve, reject) => {
        const { host, port, path } = target(connection);
        const client = new Client();
        const done = (error?: Error) => {
          client.end();
          if (error) reject(error);
          else resolve();
        };
        client.on('error', (error) => done(error.message.includes('authentication methods failed') ? new Error(`Authentication failed for ${connection.username ?? ''}@${host}`) : error));
        client.on('ready', () => {
          client.sftp((error, sftp) => {
            if (error) return done(error);
            sftp.readdir(path, (listError) => done(listError ? new Error(`Cannot list ${path}: ${listError.message}`) : undefined));
          });
        });
        client.connect({
          host,
          port,
          username: required(connection.username, 'username'),
          ...(connection.password ? { password: connection.password } : {}),
          ...(connection.certificate ? { privateKey: connection.certificate } : {}),
          readyTimeout: TEST_TIMEOUT_MS,
          tryKeyboard: false,
        });
      }),
  );
