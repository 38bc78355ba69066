import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { freePort, PeerProcess } from './process.js';

const run = promisify(execFile);

/** MariaDB (Debian's mariadb-server) on a loopback port, with a user `pharos` of the given password. */
export async function startMariaDb(password: string): Promise<{ url: string; process: PeerProcess }> {
  const folder = await PeerProcess.folder('mariadb');
  const data = path.join(folder, 'data');
  const socket = path.join(folder, 'mysqld.sock');
  await run('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], { timeout: 120_000 });
  const port = await freePort();
  const process = await PeerProcess.start('mariadb', folder, 'mariadbd', [
    '--no-defaults',
    `--datadir=${data}`,
    `--socket=${socket}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    '--user=root',
    '--skip-log-bin',
    `--pid-file=${path.join(folder, 'mysqld.pid')}`,
  ], port);
  const root = await mysql.createConnection({ socketPath: socket, user: 'root' });
  await root.query("CREATE USER 'pharos'@'%' IDENTIFIED BY ?", [password]);
  await root.query('CREATE DATABASE inventory');
  await root.query("GRANT ALL ON inventory.* TO 'pharos'@'%'");
  await root.end();
  return { url: `mysql://127.0.0.1:${port}/inventory`, process };
}
