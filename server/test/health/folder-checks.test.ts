import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startSamba } from '../support/peers/samba.js';
import { startSshd } from '../support/peers/sshd.js';
import { PEER_USER } from '../support/peers/system-user.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { runSpec as runCanarySpec, type CheckResult } from './canary-runs.js';

/**
 * folder checks over a folder of this machine, OpenSSH's SFTP and Samba (files of chosen ages and
 * sizes).
 */

const PASSWORD = 'Folder-pass-7';
const HOUR = 3_600;
const DAY = 24 * HOUR;
let server: TestServer;
let sandbox: ExpressionSandbox;
const peers: PeerProcess[] = [];
const cleanup: string[] = [];
let sshd: { host: string; port: number; user: string };
let samba: { port: number; user: string; share: string; folder: string };

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  const [ssh, smb] = await Promise.all([startSshd(PASSWORD), startSamba(PASSWORD)]);
  peers.push(ssh.process, smb.process);
  sshd = ssh;
  samba = smb;
}, 120_000);

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.stop()));
  await Promise.all(cleanup.map((folder) => rm(folder, { recursive: true, force: true })));
  await server?.close();
  await sandbox?.close();
});

const runSpec = (name: string, spec: Record<string, unknown>): Promise<Record<string, CheckResult>> => runCanarySpec(server, sandbox, `${name}-${Date.now()}`, spec);
/** Files of the given sizes, modified the given seconds ago. */
async function writeFiles(folder: string, files: Record<string, { size: number; age: number }>): Promise<void> {
  const now = Date.now() / 1000;
  for (const [name, { size, age }] of Object.entries(files)) {
    const file = path.join(folder, name);
    await writeFile(file, 'x'.repeat(size));
    await utimes(file, now - age, now - age);
  }
}

const BACKUPS = {
  'backup-1.zip': { size: 2048, age: 2 * DAY },
  'backup-2.zip': { size: 4096, age: HOUR },
  'notes.txt': { size: 10, age: 10 * DAY },
};

async function saveConnection(connection: Record<string, unknown>): Promise<string> {
  const name = `${String(connection['type'])}-${Date.now()}`;
  const response = await fetch(`${server.url}/api/connections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, ...connection }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return name;
}

/** A folder other users can read (the SSH peer logs in as another account). */
async function sharedFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pharos-folder-check-'));
  cleanup.push(folder);
  await chmod(folder, 0o755);
  return folder;
}

describe('folder checks', () => {
  it('a local folder: filter, ages, sizes and counts pass and fail with their reasons, and the variables', async () => {
    const folder = await sharedFolder();
    await writeFiles(folder, BACKUPS);
    await mkdir(path.join(folder, 'old'));
    await writeFiles(path.join(folder, 'old'), { 'deep.log': { size: 5, age: DAY } });
    const backups = { regex: '^backup-.*\\.zip$' };
    const statuses = await runSpec('folder-local', {
      folder: [
        {
          name: 'backups',
          path: folder,
          filter: backups,
          maxAge: '3d',
          minSize: '1kb',
          minCount: 2,
          availableSize: '1b',
          test: { expr: "count == 2 && newest.name == 'backup-2.zip' && oldest.name == 'backup-1.zip' && minSize.size == 2048 && results.largest.name == 'backup-2.zip'" },
          display: { template: '{{ .count }} backups, {{ .totalSize }} bytes' },
        },
        { name: 'all-files', path: folder, test: { expr: 'files.size() == 3 && results.size == 6154 && availableSize > 0' } },
        { name: 'too-old', path: folder, filter: backups, maxAge: '1d' },
        { name: 'too-new', path: folder, filter: backups, minAge: '1d' },
        { name: 'too-few', path: folder, minCount: 5 },
        { name: 'too-many', path: folder, maxCount: 2 },
        { name: 'too-small', path: folder, filter: { minAge: '12h' }, minSize: '1Ki' },
        { name: 'too-large', path: folder, filter: backups, maxSize: '3kb' },
        { name: 'total-too-small', path: folder, totalSize: '1Gi' },
        { name: 'recent-only', path: folder, filter: { maxAge: '1d' }, test: { expr: "count == 1 && files[0].name == 'backup-2.zip'" } },
        { name: 'missing', path: path.join(folder, 'nothing-here'), test: { expr: 'results.files.size() == 0' } },
        { name: 'bad-size', path: folder, minSize: 'lots' },
        { name: 'glob', path: `${folder}/backup-*.zip`, test: { expr: 'count == 2' } },
        { name: 'glob-deep', path: `${folder}/**/*.log`, test: { expr: "count == 1 && files[0].name == 'old/deep.log'" } },
        { name: 'recursive', path: folder, recursive: true, minCount: 4 },
        { name: 'since', path: folder, filter: { since: 'now-1d' }, test: { expr: "count == 1 && newest.name == 'backup-2.zip'" } },
        { name: 'bad-since', path: folder, filter: { since: 'yesterday' } },
      ],
    });
    expect(statuses['backups']).toMatchObject({ status: true, message: '2 backups, 6144 bytes' });
    expect(statuses['all-files']).toMatchObject({ status: true, message: '3 files, 6.0 KiB' });
    expect(statuses['too-old']).toMatchObject({ status: false, error: 'backup-1.zip is too old 2d0h > 1d' });
    expect(statuses['too-old']!.detail).toMatchObject({ errorType: 'max_age', count: 2 });
    expect(statuses['too-new']).toMatchObject({ status: false, error: 'backup-2.zip is too new: 1h0m < 1d' });
    expect(statuses['too-few']).toMatchObject({ status: false, error: 'too few files 3 < 5' });
    expect(statuses['too-many']).toMatchObject({ status: false, error: 'too many files 3 > 2' });
    expect(statuses['too-small']).toMatchObject({ status: false, error: 'notes.txt is too small: 10 B < 1Ki' });
    expect(statuses['too-large']).toMatchObject({ status: false, error: 'backup-2.zip is too large: 4.0 KiB > 3kb' });
    expect(statuses['total-too-small']).toMatchObject({ status: false, error: 'total size too small: 6.0 KiB < 1Gi' });
    expect(statuses['recent-only']).toMatchObject({ status: true });
    expect(statuses['missing']).toMatchObject({ status: true, message: '0 files, 0 B' });
    expect(statuses['bad-size']!.error).toMatch(/^minSize: "lots" is not a size/);
    expect(statuses['glob']).toMatchObject({ status: true, message: '2 files, 6.0 KiB' });
    expect(statuses['glob-deep']).toMatchObject({ status: true, message: '1 file, 5 B' });
    expect(statuses['recursive']).toMatchObject({ status: true, message: '4 files, 6.0 KiB' });
    expect(statuses['since']).toMatchObject({ status: true });
    expect(statuses['bad-since']!.error).toBe('filter.since: "yesterday" is not a time (RFC 3339, or now-60d)');
  });

  it('SFTP (OpenSSH): an sftpConnection, a saved connection, and a refused password', async () => {
    const folder = await sharedFolder();
    await writeFiles(folder, BACKUPS);
    const connection = await saveConnection({ type: 'sftp', username: sshd.user, password: PASSWORD, properties: { host: sshd.host, port: String(sshd.port) } });
    const login = { host: sshd.host, port: sshd.port, username: { value: sshd.user }, password: { value: PASSWORD } };
    const statuses = await runSpec('folder-sftp', {
      folder: [
        { name: 'sftp-backups', path: folder, sftpConnection: login, filter: { regex: 'backup' }, maxAge: '3d', minCount: 2, test: { expr: "newest.name == 'backup-2.zip' && availableSize > 0" } },
        { name: 'sftp-too-old', path: folder, sftpConnection: login, maxAge: '1d' },
        { name: 'sftp-saved', path: folder, sftpConnection: { connection: `connection://default/${connection}` }, maxCount: 3 },
        { name: 'sftp-url', path: `sftp://${sshd.host}:${sshd.port}${folder}`, username: { value: sshd.user }, password: { value: PASSWORD }, minCount: 4 },
        { name: 'sftp-check-connection', path: folder, connection, filter: { regex: 'notes' }, maxAge: '1d' },
        { name: 'sftp-glob', path: `sftp://${sshd.host}:${sshd.port}${folder}/backup-*`, username: { value: sshd.user }, password: { value: PASSWORD }, test: { expr: 'count == 2' } },
        { name: 'sftp-wrong-password', path: folder, sftpConnection: { ...login, password: { value: 'wrong' } } },
      ],
    });
    expect(statuses['sftp-backups']).toMatchObject({ status: true, message: '2 files, 6.0 KiB' });
    expect(statuses['sftp-too-old']).toMatchObject({ status: false, error: 'notes.txt is too old 10d0h > 1d' });
    expect(statuses['sftp-saved']).toMatchObject({ status: true, message: '3 files, 6.0 KiB' });
    expect(statuses['sftp-url']).toMatchObject({ status: false, error: 'too few files 3 < 4' });
    expect(statuses['sftp-check-connection']).toMatchObject({ status: false, error: 'notes.txt is too old 10d0h > 1d' });
    expect(statuses['sftp-glob']).toMatchObject({ status: true, message: '2 files, 6.0 KiB' });
    expect(statuses['sftp-wrong-password']).toMatchObject({ status: false, error: `Authentication failed for ${PEER_USER}@${sshd.host}` });
  });

  it('SMB (Samba): a \\\\server\\share\\folder path with an smbConnection, and a refused password', async () => {
    const folder = path.join(samba.folder, 'backups');
    await mkdir(folder);
    await writeFiles(folder, BACKUPS);
    execFileSync('chown', ['-R', PEER_USER, folder]);
    const login = { port: samba.port, username: { value: samba.user }, password: { value: PASSWORD } };
    const connection = await saveConnection({ type: 'smb', url: `\\\\127.0.0.1\\${samba.share}`, username: samba.user, password: PASSWORD, properties: { port: String(samba.port) } });
    const statuses = await runSpec('folder-smb', {
      folder: [
        { name: 'smb-backups', path: `\\\\127.0.0.1\\${samba.share}\\backups`, smbConnection: login, filter: { regex: '(.*)\\.zip$' }, maxAge: '7d', minSize: '25b', test: { expr: "count == 2 && oldest.name == 'backup-1.zip' && availableSize > 0" } },
        { name: 'smb-url-too-old', path: `smb://127.0.0.1/${samba.share}/backups`, smbConnection: login, maxAge: '1d' },
        { name: 'smb-check-connection', path: 'backups', connection: `connection://default/${connection}`, minCount: 3, test: { expr: "maxSize.name == 'backup-2.zip'" } },
        { name: 'smb-missing', path: `smb://127.0.0.1/${samba.share}/nothing-here`, smbConnection: login, minCount: 1 },
        { name: 'smb-wrong-password', path: `smb://127.0.0.1/${samba.share}/backups`, smbConnection: { ...login, password: { value: 'wrong' } } },
      ],
    });
    expect(statuses['smb-backups']).toMatchObject({ status: true, message: '2 files, 6.0 KiB' });
    expect(statuses['smb-url-too-old']).toMatchObject({ status: false, error: 'notes.txt is too old 10d0h > 1d' });
    expect(statuses['smb-check-connection']).toMatchObject({ status: true, message: '3 files, 6.0 KiB' });
    expect(statuses['smb-missing']).toMatchObject({ status: false, error: 'too few files 0 < 1' });
    expect(statuses['smb-wrong-password']).toMatchObject({ status: false, error: `127.0.0.1/${samba.share}: NT_STATUS_LOGON_FAILURE` });
  });
});

/** A shell script that writes a JUnit XML report the way test runners do. */
