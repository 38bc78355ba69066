import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { databaseReader, type DatabaseReader } from '../support/database-reader.js';
import { startAlertmanager } from '../support/peers/alertmanager.js';
import { startMariaDb } from '../support/peers/mariadb.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startPrometheus } from '../support/peers/prometheus.js';
import { startRedis } from '../support/peers/redis.js';
import { startSamba } from '../support/peers/samba.js';
import { LDAP_ADMIN, LDAP_SUFFIX, startSlapd } from '../support/peers/slapd.js';
import { startSshd } from '../support/peers/sshd.js';
import { PEER_USER } from '../support/peers/system-user.js';
import { startTestServer } from '../support/server.js';
import { checksOf, FIXTURES, judgeCanaryExample, replaceEverywhere, type CanaryDocument, type CanaryExample, type CanaryHarness, type CheckResult } from './support/canaries.js';
import { Ledger } from './support/ledger.js';

/**
 * canary-checker's fixtures/datasources examples (and ldap, SFTP and SMB ones beside them; copied in
 * fixtures/canary-checker/datasources, see the README there), applied through POST /api/apply and
 * run once as the engine runs them against real peers on loopback in place of the cluster services
 * they name: the tests' own embedded PostgreSQL, MariaDB for MySQL, Redis, OpenLDAP, Prometheus,
 * Alertmanager, OpenSSH's SFTP and Samba; folder examples read this machine's /etc as upstream's
 * read their container's. Systems that do not exist here are listed as skipped.
 */

const PASSWORD = 'Conformance-Peer-7';
const ledger = new Ledger('canary-checker fixtures/datasources');
const peers: PeerProcess[] = [];
let harness: CanaryHarness;
let postgres: DatabaseReader;
let mariadb: string;
let redis: string;
let prometheus: string;
let alertmanager: string;
let ldap: string;
let sshd: { host: string; port: number; user: string };
let samba: { port: number; share: string; folder: string };
let sftpFolder: string;
let updatedFolder: string;

/** postgres://host:port/database of the tests' PostgreSQL, for the examples' cluster host. */
const postgresHostPort = (): string => new URL(postgres.url).host;
const postgresDatabase = (): string => new URL(postgres.url).pathname.slice(1);

/** A value-or-secret field's value replaced: the example's credentials by the peer's. */
function setValue(check: Record<string, unknown>, key: string, value: string): void {
  check[key] = { value };
}

function forChecks(documents: CanaryDocument[], type: string, change: (check: Record<string, unknown>) => void): void {
  for (const document of documents) checksOf(document, type).forEach(change);
}

/**
 * The stateful postgres example's second run asks for the sessions started after the newest of the
 * first (its last_result): all newer than that one.
 */
function newerSessionsOnly([first, second]: Record<string, CheckResult>[]): string[] {
  const newest = (results: Record<string, CheckResult> | undefined) => ((results?.['postgres processes new']?.detail?.['rows'] as { max?: string }[] | undefined)?.[0]?.max ?? '');
  const [before, after] = [newest(first), newest(second)];
  return Date.parse(after) > Date.parse(before) ? [] : [`the second run's newest session (${after}) is not newer than the first's (${before})`];
}

const UPDATED_FILES = 'Check for updated /etc files';
/** The one file of the folder the example's stateful check reads, an hour old (in whole seconds, as file times keep them exactly). */
const FIRST_FILE_TIME = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;

async function writeFileAt(folder: string, name: string, time: number): Promise<void> {
  await writeFile(path.join(folder, name), name);
  await utimes(path.join(folder, name), time / 1000, time / 1000);
}

/** The folder example's stateful check lists every file first, then only the one written since, and keeps the newest's time as max. */
function onlyNewFiles([first, second]: Record<string, CheckResult>[]): string[] {
  const said = (results: Record<string, CheckResult> | undefined) => ({ message: results?.[UPDATED_FILES]?.message, max: results?.[UPDATED_FILES]?.detail?.['max'] });
  const expected = [
    { message: 'first.conf', max: new Date(FIRST_FILE_TIME).toISOString() },
    { message: 'second.conf', max: new Date(FIRST_FILE_TIME + 60_000).toISOString() },
  ];
  return [said(first), said(second)].flatMap((actual, index) =>
    actual.message === expected[index]!.message && actual.max === expected[index]!.max ? [] : [`run ${index + 1}: ${UPDATED_FILES} said «${actual.message}» and kept max ${JSON.stringify(actual.max)}, expected «${expected[index]!.message}» and ${expected[index]!.max}`],
  );
}

const NO_MONGO = 'no MongoDB server here';
const NO_MSSQL = 'no SQL Server here';
const CLUSTER_SECRET = 'its credentials are Kubernetes Secrets';

const EXAMPLES: CanaryExample[] = [
  {
    file: 'datasources/postgres_pass.yaml',
    expect: 'pass',
    change: 'postgres.canaries.svc.cluster.local:5432/postgres → the tests\' PostgreSQL on loopback, and its credentials → a login role of that database',
    rewrite: (documents) =>
      forChecks(documents, 'postgres', (check) => {
        check['url'] = `postgres://$(username):$(password)@${postgresHostPort()}/${postgresDatabase()}?sslmode=disable`;
        setValue(check, 'username', postgres.username);
        setValue(check, 'password', postgres.password);
      }),
  },
  { file: 'datasources/postgres_fail.yaml', expect: 'fail' },
  ...['datasources/postgres_empty_result_pass.yaml', 'datasources/postgres_empty_result_fail.yaml', 'datasources/posgres_stateful_pass.yaml'].map(
    (file): CanaryExample => ({
      file,
      expect: file.includes('_fail') ? 'fail' : 'pass',
      change: `postgres.canaries.svc.cluster.local:5432/postgres → the tests' PostgreSQL on loopback, and its credentials → a login role of that database${file.includes('stateful') ? '; run twice, the second run\'s query over the sessions since the first\'s newest' : ''}`,
      rewrite: (documents) =>
        forChecks(documents, 'postgres', (check) => {
          check['url'] = `postgres://$(username):$(password)@${postgresHostPort()}/${postgresDatabase()}?sslmode=disable`;
          setValue(check, 'username', postgres.username);
          setValue(check, 'password', postgres.password);
        }),
      ...(file.includes('stateful') ? { runs: 2, verifyRuns: newerSessionsOnly } : {}),
    }),
  ),
  { file: 'datasources/postgres.yaml', skip: `${CLUSTER_SECRET} (postgres-credentials)` },
  {
    file: 'datasources/mysql_pass.yaml',
    expect: 'pass',
    change: 'mysql.canaries.svc.cluster.local:3306/mysqldb → MariaDB on loopback (database inventory), and user mysqladmin → the peer\'s user',
    rewrite: (documents) =>
      forChecks(documents, 'mysql', (check) => {
        check['url'] = String(check['url']).replace('mysql.canaries.svc.cluster.local:3306', new URL(mariadb).host).replace('/mysqldb', '/inventory');
        setValue(check, 'username', 'pharos');
        setValue(check, 'password', PASSWORD);
      }),
  },
  {
    file: 'datasources/mysql_fail.yaml',
    expect: 'fail',
    change: 'mysql.canaries.svc.cluster.local:3306/mysqldb → MariaDB on loopback (database inventory), user mysqladmin → the peer\'s user, still with the wrong password',
    rewrite: (documents) =>
      forChecks(documents, 'mysql', (check) => {
        check['url'] = String(check['url']).replace('mysql.canaries.svc.cluster.local:3306', new URL(mariadb).host).replace('/mysqldb', '/inventory');
        setValue(check, 'username', 'pharos');
      }),
    checks: { 'mysql wrong password': { error: /Access denied/ } },
  },
  {
    file: 'datasources/redis_pass.yaml',
    expect: 'pass',
    change: 'redis.canaries.svc.cluster.local:6379 → Redis on loopback, whose password is added to the check',
    rewrite: (documents) =>
      forChecks(documents, 'redis', (check) => {
        check['addr'] = new URL(redis).host;
        setValue(check, 'password', PASSWORD);
      }),
  },
  { file: 'datasources/redis_fail.yaml', expect: 'fail' },
  ...['redis-tls.yaml', 'redis-tls-insecure.yaml', 'redis-custom-ca.yaml', 'redis-mtls.yaml'].map((file): CanaryExample => ({ file: `datasources/${file}`, skip: `needs Redis over TLS with certificates from Kubernetes Secrets` })),
  {
    file: 'datasources/prometheus.yaml',
    change: 'the cluster\'s Prometheus → Prometheus on loopback; kubernetes_build_info (which only a Kubernetes cluster exports) → one series standing in for it, with the label git_version the display reads',
    rewrite: (documents) =>
      forChecks(documents, 'prometheus', (check) => {
        check['url'] = prometheus;
        check['query'] = 'label_replace(vector(1), "git_version", "v1.31.0", "", "")';
      }),
    checks: { 'prometheus-check': { pass: true, message: 'v1.31.0' } },
  },
  { file: 'datasources/prometheus_mtls.yaml', skip: `needs a Prometheus behind mutual TLS; ${CLUSTER_SECRET}` },
  {
    file: 'datasources/alertmanager.yaml',
    change: 'alertmanager.example.com → Alertmanager on loopback, where one alert fires',
    rewrite: (documents) => forChecks(documents, 'alertmanager', (check) => (check['url'] = alertmanager)),
    checks: { 'alert-manager-transform': { pass: true } },
  },
  {
    file: 'datasources/alertmanager_mix.yaml',
    change: 'the cluster\'s Alertmanager → Alertmanager on loopback, where one alert (ConformanceDiskFull, namespace payments) fires',
    rewrite: (documents) => forChecks(documents, 'alertmanager', (check) => (check['url'] = alertmanager)),
    verify: (results) => {
      const alert = Object.entries(results).find(([name]) => name.startsWith('ConformanceDiskFull'));
      if (!alert) return [`no check made for the firing alert: ${Object.keys(results).join(', ')}`];
      return alert[1].message === 'disk of db-0 is 95% full' ? [] : [`${alert[0]}: message «${alert[1].message}», expected the alert's description`];
    },
  },
  {
    file: 'datasources/folder_pass.yaml',
    expect: 'pass',
    change: `the check '${UPDATED_FILES}': /etc/ → a folder of one file, where a second file is written before the second of two runs (this machine's /etc does not change between them)`,
    rewrite: (documents) =>
      forChecks(documents, 'folder', (check) => {
        if (check['name'] === UPDATED_FILES) check['path'] = `${updatedFolder}/`;
      }),
    runs: 2,
    beforeRun: () => writeFileAt(updatedFolder, 'second.conf', FIRST_FILE_TIME + 60_000),
    verifyRuns: onlyNewFiles,
  },
  { file: 'datasources/folder_fail.yaml', expect: 'fail' },
  { file: 'datasources/folder_single_pass.yaml', expect: 'pass' },
  { file: 'datasources/folder_with_filter.yaml', skip: 'reads /data/backups of upstream\'s test pod, with backups of 10mb or more that its setup does not make' },
  {
    file: 'datasources/sftp_pass.yaml',
    expect: 'pass',
    change: 'host 192.168.1.5 → OpenSSH on loopback (its port added), <username>/<password> → the peer\'s login, and /tmp → a folder of 3 files (this machine\'s /tmp holds more than the example\'s maxCount of 10)',
    rewrite: (documents) =>
      forChecks(documents, 'folder', (check) => {
        check['path'] = sftpFolder;
        check['sftpConnection'] = { host: sshd.host, port: sshd.port, username: { value: sshd.user }, password: { value: PASSWORD } };
      }),
  },
  { file: 'datasources/sftp_fail_connection.yaml', skip: 'names connection://sftp/emirates, which upstream\'s test setup creates in Kubernetes' },
  {
    file: 'datasources/smb_pass.yaml',
    expect: 'pass',
    change: '\\\\windows-server\\sharename\\folder → Samba on loopback (its port added, a nightly-backup.zip of 64 bytes in it), the credentials (Kubernetes Secrets) → the peer\'s login as values, and a name for the check, which canary-checker\'s CRD requires (upstream keeps this example in quarantine/)',
    rewrite: (documents) =>
      forChecks(documents, 'folder', (check) => {
        check['name'] = 'smb backups';
        check['path'] = `\\\\127.0.0.1\\${samba.share}\\backups`;
        check['smbConnection'] = { port: samba.port, username: { value: PEER_USER }, password: { value: PASSWORD } };
      }),
  },
  {
    file: 'datasources/ldap_pass.yaml',
    expect: 'pass',
    change: 'apacheds.canaries.svc.cluster.local:10389 → OpenLDAP on loopback; dc=example,dc=com → its suffix, seeded with ou=users and ou=groups as upstream\'s setup; uid=admin,ou=system → its root DN and password',
    rewrite: (documents) => {
      replaceEverywhere(documents, 'ldap://apacheds.canaries.svc.cluster.local:10389', ldap);
      replaceEverywhere(documents, 'dc=example,dc=com', LDAP_SUFFIX);
      forChecks(documents, 'ldap', (check) => {
        setValue(check, 'username', LDAP_ADMIN);
        setValue(check, 'password', PASSWORD);
      });
    },
  },
  { file: 'datasources/mongo_pass.yaml', skip: NO_MONGO },
  { file: 'datasources/mongo_fail.yaml', skip: NO_MONGO },
  { file: 'datasources/mssql_pass.yaml', skip: NO_MSSQL },
  { file: 'datasources/mssql_fail.yaml', skip: NO_MSSQL },
  { file: 'datasources/s3_bucket_pass.yaml', skip: 'needs an AWS account (S3)' },
  { file: 'datasources/s3_bucket_fail.yaml', skip: 'needs an AWS account (S3)' },
];

/** ou=users and ou=groups with an organizationalPerson and a groupOfNames, as upstream's ldap setup seeds apacheds. */
async function seedDirectory(url: string): Promise<void> {
  const client = new Client({ url });
  try {
    await client.bind(LDAP_ADMIN, PASSWORD);
    await client.add(LDAP_SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'pharos', o: 'Pharos' });
    await client.add(`ou=users,${LDAP_SUFFIX}`, { objectClass: 'organizationalUnit', ou: 'users' });
    await client.add(`ou=groups,${LDAP_SUFFIX}`, { objectClass: 'organizationalUnit', ou: 'groups' });
    await client.add(`cn=ada,ou=users,${LDAP_SUFFIX}`, { objectClass: ['person', 'organizationalPerson'], cn: 'ada', sn: 'Lovelace' });
    await client.add(`cn=admins,ou=groups,${LDAP_SUFFIX}`, { objectClass: 'groupOfNames', cn: 'admins', member: `cn=ada,ou=users,${LDAP_SUFFIX}` });
  } finally {
    await client.unbind();
  }
}

/** One alert firing, as Prometheus pushes it; answers once Alertmanager lists it. */
async function fireAlert(url: string): Promise<void> {
  const alert = { labels: { alertname: 'ConformanceDiskFull', namespace: 'payments', pod: 'db-0' }, annotations: { description: 'disk of db-0 is 95% full' } };
  const response = await fetch(`${url}/api/v2/alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([alert]) });
  expect(response.status).toBe(200);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (((await fetch(`${url}/api/v2/alerts`).then((answer) => answer.json())) as unknown[]).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Alertmanager did not list the alert');
}

beforeAll(async () => {
  const sandbox = new ExpressionSandbox();
  const server = await startTestServer({ sandbox });
  harness = { server, sandbox, token: await server.tokenFor(['admin']) };
  const [reader, maria, red, prom, am, slapd, ssh, smb] = await Promise.all([
    databaseReader(inject('databaseUrl')),
    startMariaDb(PASSWORD),
    startRedis(PASSWORD),
    startPrometheus(),
    startAlertmanager(),
    startSlapd(PASSWORD),
    startSshd(PASSWORD),
    startSamba(PASSWORD),
  ]);
  peers.push(maria.process, red.process, prom.process, am.process, slapd.process, ssh.process, smb.process);
  postgres = reader;
  [mariadb, redis, prometheus, alertmanager, ldap] = [maria.url, red.url, prom.url, am.url, slapd.url];
  sshd = ssh;
  samba = smb;
  await Promise.all([seedDirectory(ldap), fireAlert(alertmanager)]);
  sftpFolder = await mkdtemp(path.join(tmpdir(), 'pharos-sftp-'));
  for (const name of ['a.txt', 'b.txt', 'c.txt']) await writeFile(path.join(sftpFolder, name), name);
  execFileSync('chmod', ['-R', 'a+rX', sftpFolder]);
  updatedFolder = await mkdtemp(path.join(tmpdir(), 'pharos-updated-'));
  await writeFileAt(updatedFolder, 'first.conf', FIRST_FILE_TIME);
  const backups = path.join(samba.folder, 'backups');
  await mkdir(backups);
  await writeFile(path.join(backups, 'nightly-backup.zip'), 'x'.repeat(64));
  execFileSync('chown', ['-R', PEER_USER, backups]);
}, 180_000);

afterAll(async () => {
  console.log(`${ledger.report()}\n${ledger.addToRun(inject('testRunId'))}`);
  await Promise.all(peers.map((peer) => peer.stop()));
  if (sftpFolder) await rm(sftpFolder, { recursive: true, force: true });
  if (updatedFolder) await rm(updatedFolder, { recursive: true, force: true });
  await harness?.server.close();
  await harness?.sandbox.close();
});

/** The share measured: every example whose systems exist here behaves as upstream (the report this file prints lists those skipped). */
const MINIMUM_RATE = 100;

describe('canary-checker fixtures/datasources', () => {
  it.concurrent.each(EXAMPLES.map((example, index) => [example.file, example, index] as const))('%s behaves as upstream', async (_file, example, index) => {
    expect(await judgeCanaryExample(harness, ledger, example, `cc-datasources-${index}`)).toEqual([]);
  });

  it('has an entry for every example copied in its folder', () => {
    expect(EXAMPLES.map((example) => example.file).sort()).toEqual(readdirSync(`${FIXTURES}datasources`).map((file) => `datasources/${file}`).sort());
  });

  it('behave as upstream in at least the measured share of the examples whose systems exist here', () => {
    // Every example was judged before the rate is read (the examples run concurrently, this test after them).
    expect(ledger.size).toBe(EXAMPLES.length);
    expect(ledger.rate().percent).toBeGreaterThanOrEqual(MINIMUM_RATE);
  });
});
