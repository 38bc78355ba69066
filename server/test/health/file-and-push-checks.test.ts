import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startSamba } from '../support/peers/samba.js';
import { startSshd } from '../support/peers/sshd.js';
import { PEER_USER } from '../support/peers/system-user.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';

/**
 * folder checks over a folder of this machine, OpenSSH's SFTP and Samba (files of chosen ages and
 * sizes), junit checks that run a script writing real JUnit XML, webhook checks whose results are
 * pushed over HTTP with a token, and catalog checks over rows of Pharos's own `configs`.
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

interface Status {
  status: boolean;
  invalid: boolean;
  message: string | null;
  error: string | null;
  detail: Record<string, unknown> | null;
}

async function saveCanary(name: string, spec: Record<string, unknown>): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('insert into canaries (name, spec) values ($1, $2) returning id', [name, spec]);
  await syncCanary(server.pool, rows[0]!.id);
  return rows[0]!.id;
}

async function statusesOf(canaryId: string): Promise<Record<string, Status>> {
  const { rows } = await server.pool.query<Status & { name: string }>(
    `select distinct on (c.name) c.name, s.status, s.invalid, s.message, s.error, s.detail
       from check_statuses s join checks c on c.id = s.check_id
      where c.canary_id = $1 order by c.name, s.time desc`,
    [canaryId],
  );
  return Object.fromEntries(rows.map(({ name, ...status }) => [name, status]));
}

async function runSpec(name: string, spec: Record<string, unknown>): Promise<Record<string, Status>> {
  const id = await saveCanary(`${name}-${Date.now()}`, spec);
  await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: id }, AbortSignal.timeout(60_000));
  return statusesOf(id);
}

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
function junitScript(file: string, cases: string, exitCode = 0): string {
  return `mkdir -p "$(dirname ${file})"
cat > ${file} <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="math" tests="4" time="0.5">
${cases}
  </testsuite>
</testsuites>
XML
exit ${exitCode}`;
}

const PASSING = `    <testcase classname="math" name="adds" time="0.1"/>
    <testcase classname="math" name="multiplies" time="0.2"><system-out>6 * 7 = 42</system-out></testcase>
    <testcase classname="math" name="integrates" time="0"><skipped message="not yet"/></testcase>`;
const FAILING = `${PASSING}
    <testcase classname="math" name="divides" time="0.2"><failure message="expected 2, got 3" type="AssertionError">at divide.js:4</failure></testcase>`;

describe('junit checks', () => {
  it('runs the command, reads the suites it wrote and passes or fails with the counts and the failing cases', async () => {
    const folder = await sharedFolder();
    const stale = path.join(folder, 'stale');
    await mkdir(stale);
    await writeFile(path.join(stale, 'old.xml'), `<testsuite name="old"><testcase name="t"/></testsuite>`);
    await utimes(path.join(stale, 'old.xml'), Date.now() / 1000 - HOUR, Date.now() / 1000 - HOUR);
    const statuses = await runSpec('junit', {
      junit: [
        {
          name: 'unit-pass',
          testResults: `${folder}/pass/`,
          spec: { containers: [{ name: 'tests', image: 'ignored', command: ['bash', '-c', junitScript(`${folder}/pass/report.xml`, PASSING)] }] },
          test: { expr: 'results.failed == 0 && results.passed > 0' },
          display: { expr: "string(results.failed) + ' of ' + string(results.passed) + ' failed; ' + suites[0].tests[1].stdout" },
        },
        { name: 'unit-default-message', testResults: `${folder}/pass2/report.xml`, script: junitScript(`${folder}/pass2/report.xml`, PASSING) },
        { name: 'unit-fail', testResults: `${folder}/fail`, script: junitScript(`${folder}/fail/report.xml`, FAILING) },
        {
          name: 'unit-fail-template',
          testResults: `${folder}/fail2`,
          script: junitScript(`${folder}/fail2/report.xml`, FAILING),
          display: { template: '{{ range .results.suites }}{{ range .tests }}{{ if eq .status "failed" }}{{ .classname }}/{{ .name }}: {{ .message }}{{ end }}{{ end }}{{ end }}' },
        },
        { name: 'unit-exit', testResults: `${folder}/exit`, script: junitScript(`${folder}/exit/report.xml`, FAILING, 3) },
        { name: 'unit-nothing-written', testResults: stale, script: 'echo ran' },
        // canary-checker's timeout is in minutes: 0.01 is 600 ms.
        { name: 'unit-timeout', testResults: `${folder}/slow`, timeout: 0.01, script: 'sleep 5' },
        { name: 'unit-not-xml', testResults: `${folder}/broken/r.xml`, script: `mkdir -p ${folder}/broken; echo '<testsuite><testcase' > ${folder}/broken/r.xml` },
      ],
    });
    expect(statuses['unit-pass']).toMatchObject({ status: true, message: '0 of 2 failed; 6 * 7 = 42' });
    expect(statuses['unit-pass']!.detail).toMatchObject({ passed: 2, failed: 0, skipped: 1, duration: 0.5, results: { suites: [{ name: 'math', tests: [{ name: 'adds', status: 'passed' }, {}, { status: 'skipped', message: 'not yet' }] }] } });
    expect(statuses['unit-default-message']).toMatchObject({ status: true, message: '2 passed, 1 skipped in 0.5s' });
    expect(statuses['unit-fail']).toMatchObject({ status: false, message: '2 passed, 1 failed, 1 skipped in 0.5s; failed: math/divides', error: '1 test failed: math/divides' });
    expect(statuses['unit-fail']!.detail).toMatchObject({ failed: 1, suites: [{ tests: [{}, {}, {}, { name: 'divides', status: 'failed', message: 'expected 2, got 3' }] }] });
    expect(statuses['unit-fail-template']).toMatchObject({ status: false, message: 'math/divides: expected 2, got 3' });
    expect(statuses['unit-exit']!.status).toBe(false);
    expect(statuses['unit-exit']!.error).toMatch(/^the command exited with 3: 2 passed, 1 failed, 1 skipped/);
    expect(statuses['unit-nothing-written']).toMatchObject({ status: false, error: `no JUnit XML was written to ${stale}` });
    expect(statuses['unit-not-xml']!.error).toMatch(/r\.xml is not XML/);
  });
  it('keeps each suite as a check of its own: its status with every run, kept across syncs, gone when its suite is', async () => {
    const folder = await sharedFolder();
    const results = path.join(folder, 'results');
    const write = (strings: boolean) => `mkdir -p ${results}
cat > ${results}/math.xml <<'XML'
<testsuite name="math" time="0.3">${PASSING}</testsuite>
XML
${strings ? `cat > ${results}/strings.xml <<'XML'
<testsuite name="strings"><testcase name="trims" time="0.1"/><testcase name="pads"><error message="boom"/></testcase></testsuite>
XML` : `rm -f ${results}/strings.xml`}`;
    const spec = (strings: boolean) => ({ junit: [{ name: 'suites', testResults: results, script: write(strings) }] });
    const canaryId = await saveCanary(`junit-suites-${Date.now()}`, spec(true));
    const run = () => runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(60_000));
    await run();
    let statuses = await statusesOf(canaryId);
    expect(statuses['suites']).toMatchObject({ status: false, error: '1 test failed: strings/pads' });
    expect(statuses['suites/math']).toMatchObject({ status: true, message: '2 passed, 1 skipped in 0.3s' });
    expect(statuses['suites/strings']).toMatchObject({ status: false, message: '1 passed, 1 errors in 0.1s; failed: pads', error: '1 test failed: pads' });
    expect(statuses['suites/strings']!.detail).toMatchObject({ name: 'strings', passed: 1, error: 1, tests: [{ name: 'trims' }, { name: 'pads', status: 'error', message: 'boom' }] });
    const live = async () => (await server.pool.query<{ name: string }>('select name from checks where canary_id = $1 and deleted_at is null order by name', [canaryId])).rows.map((row) => row.name);
    expect(await live()).toEqual(['suites', 'suites/math', 'suites/strings']);

    // Saving the canary again keeps the suites' checks (and their history); Run Now on one points to its parent.
    await server.pool.query('update canaries set spec = $2 where id = $1', [canaryId, spec(false)]);
    await syncCanary(server.pool, canaryId);
    expect(await live()).toEqual(['suites', 'suites/math', 'suites/strings']);
    const { rows } = await server.pool.query<{ id: string }>("select id from checks where canary_id = $1 and name = 'suites/math'", [canaryId]);
    const runNow = await fetch(`${server.url}/api/canary/run/check/${rows[0]!.id}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}` } });
    expect(await runNow.json()).toMatchObject({ status: null, error: 'suites/math is written by the junit check suites: run that one' });

    // A suite the results no longer have is no longer a check.
    await run();
    statuses = await statusesOf(canaryId);
    expect(statuses['suites']).toMatchObject({ status: true, message: '2 passed, 1 skipped in 0.3s' });
    expect(await live()).toEqual(['suites', 'suites/math']);
    expect(await live()).not.toContain('suites/strings');
  });
});

describe('webhook checks', () => {
  it('takes pushed results with the check token: the test decides, the status is written and the check follows', async () => {
    const name = `deploys-${Date.now()}`;
    const canaryId = await saveCanary(name, {
      schedule: '@every 1h',
      webhook: { name, token: { value: 'hook-s3cret' }, test: { expr: "json.status == 'ok'" }, display: { template: 'version {{ .json.version }}' } },
      exec: [{ name: 'sibling', script: 'echo hi' }],
    });
    const { rows } = await server.pool.query<{ id: string }>("select id from checks where canary_id = $1 and type = 'webhook'", [canaryId]);
    const checkId = rows[0]!.id;
    const push = (key: string, body: string, headers: Record<string, string> = {}, query = '') =>
      fetch(`${server.url}/api/canary/webhook/${encodeURIComponent(key)}${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

    const ok = await push(name, JSON.stringify({ status: 'ok', version: '1.4.2' }), { 'webhook-token': 'hook-s3cret' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: 'ok', status: 'healthy', output: 'version 1.4.2' });
    let statuses = await statusesOf(canaryId);
    expect(statuses[name]).toMatchObject({ status: true, message: 'version 1.4.2', detail: { json: { status: 'ok' }, headers: { 'webhook-token': 'hook-s3cret' } } });
    const check = async () => (await server.pool.query<{ status: string }>('select status from checks where id = $1', [checkId])).rows[0]!.status;
    expect(await check()).toBe('healthy');

    const down = await push(checkId, JSON.stringify({ status: 'down', version: '1.4.3' }), {}, '?token=hook-s3cret');
    expect(down.status).toBe(200);
    expect(await check()).toBe('unhealthy');
    statuses = await statusesOf(canaryId);
    expect(statuses[name]).toMatchObject({ status: false, message: 'version 1.4.3', error: "test json.status == 'ok' is false" });

    const bearer = await push(name, JSON.stringify({ status: 'ok' }), { authorization: 'Bearer hook-s3cret' });
    expect(bearer.status).toBe(200);

    const wrong = await push(name, JSON.stringify({ status: 'ok' }), { 'webhook-token': 'guess' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'invalid webhook token' });
    expect((await push(name, JSON.stringify({ status: 'ok' }))).status).toBe(401);
    const unknown = await push('no-such-webhook', '{}', { 'webhook-token': 'hook-s3cret' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'No webhook check no-such-webhook' });
    const broken = await push(name, '{"status": ', { 'webhook-token': 'hook-s3cret' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(/JSON/);
    const list = await push(name, '[1, 2]', { 'webhook-token': 'hook-s3cret' });
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ message: 'The body must be a JSON object' });
    expect(await check()).toBe('healthy');

    // The schedule runs the canary's other checks and leaves the pushed one alone.
    const before = (await server.pool.query('select 1 from check_statuses where check_id = $1', [checkId])).rowCount;
    await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(30_000));
    expect((await server.pool.query('select 1 from check_statuses where check_id = $1', [checkId])).rowCount).toBe(before);
    expect((await statusesOf(canaryId))['sibling']).toMatchObject({ status: true, message: 'hi' });
    // Run Now has nothing to run: it says where the results come from and leaves the check's state.
    const runNow = await fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}` } });
    expect(await runNow.json()).toMatchObject({ status: null, error: `webhook checks are not run by Pharos: their results are pushed to POST /api/canary/webhook/${name}` });
    expect(await check()).toBe('healthy');
  });

  it('a webhook without a token takes any push; a text body is its content', async () => {
    const name = `open-hook-${Date.now()}`;
    const canaryId = await saveCanary(name, { webhook: { name, test: { expr: "content.startsWith('build passed')" } } });
    const response = await fetch(`${server.url}/api/canary/webhook/${name}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'build passed in 3m' });
    expect(response.status).toBe(200);
    expect((await statusesOf(canaryId))[name]).toMatchObject({ status: true, detail: { content: 'build passed in 3m' } });
  });
});

describe('catalog checks', () => {
  it('selects configs by type, status, name, labels and tags; the test sees the results', async () => {
    const type = `Pharos::Item${Date.now()}`;
    const rows: [string, string, Record<string, string>, Record<string, string>][] = [
      ['web-1', 'Running', { app: 'web' }, { namespace: 'prod', cluster: 'east' }],
      ['web-2', 'Running', { app: 'web' }, { namespace: 'staging', cluster: 'east' }],
      ['db-1', 'Stopped', { app: 'db' }, { namespace: 'prod', cluster: 'west' }],
    ];
    for (const [name, status, labels, tags] of rows) {
      await server.pool.query('insert into configs (name, type, status, labels, tags, config) values ($1, $2, $3, $4, $5, $6)', [name, type, status, labels, tags, { replicas: 3 }]);
    }
    await server.pool.query("insert into configs (name, type, status, deleted_at) values ('web-0', $1, 'Running', now())", [type]);
    const statuses = await runSpec('catalog', {
      catalog: [
        { name: 'running', selector: [{ types: [type], statuses: ['Running'] }], test: { expr: 'size(results) == 2 && results[0].config.replicas == 3' } },
        { name: 'by-label', selector: [{ types: [type], labelSelector: 'app=db' }], test: { expr: "count == 1 && results[0].name == 'db-1'" } },
        { name: 'by-tag', selector: [{ types: [type], tagSelector: 'namespace=prod,cluster in (east)' }], display: { expr: 'results.map(r, r.name).join(", ")' } },
        { name: 'by-name', selector: { types: [type], name: 'web-*' }, test: { expr: 'count == 2' } },
        { name: 'not-stopped', selector: [{ types: [type], statuses: ['!Stopped'] }, { types: [type], name: 'db-1' }], test: { expr: 'count == 3' } },
        { name: 'none', selector: [{ types: [type], statuses: ['Pending'] }], test: { expr: 'size(results) > 0' } },
        { name: 'bad-selector', selector: [{ kinds: [type] }] },
      ],
    });
    expect(statuses['running']).toMatchObject({ status: true, message: '2 configs' });
    expect(statuses['by-label']).toMatchObject({ status: true, message: '1 config' });
    expect(statuses['by-tag']).toMatchObject({ status: true, message: 'web-1' });
    expect(statuses['by-name']).toMatchObject({ status: true });
    expect(statuses['not-stopped']).toMatchObject({ status: true, message: '3 configs' });
    expect(statuses['none']).toMatchObject({ status: false, error: 'test size(results) > 0 is false' });
    expect(statuses['bad-selector']).toMatchObject({ status: false, error: 'selector[0]: unknown field "kinds"' });
  });
});
