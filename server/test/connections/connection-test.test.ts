import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { databaseReader } from '../support/database-reader.js';
import { startGitHttpServer } from '../support/git-http-server.js';
import { freePort } from '../support/http.js';
import { startMariaDb } from '../support/peers/mariadb.js';
import { startPrometheus } from '../support/peers/prometheus.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startRedis } from '../support/peers/redis.js';
import { startSamba } from '../support/peers/samba.js';
import { LDAP_ADMIN, startSlapd } from '../support/peers/slapd.js';
import { startSshd } from '../support/peers/sshd.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { TestSmtpServer } from '../support/smtp.js';
import { saveConnection, testSaved } from './helpers.js';

/**
 * POST /api/connection/test/{id} against real peers started here from Debian packages (MariaDB,
 * Redis, OpenLDAP, OpenSSH, Samba, Prometheus), the embedded PostgreSQL of the tests, a git
 * repository on disk, and SMTP and HTTP servers on loopback: success, a wrong password, and a port
 * nobody listens on, each with the reason the peer gave.
 */

const PASSWORD = 'Peer-pass-1';
let server: TestServer;
let token: string;
const peers: PeerProcess[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.stop()));
  await server?.close();
});

async function unreachable(): Promise<number> {
  return freePort();
}

async function expectOk(input: Parameters<typeof saveConnection>[2]): Promise<void> {
  const saved = await saveConnection(server, token, input);
  expect(await testSaved(server, token, saved.id)).toEqual({ status: 200, message: 'ok' });
}

async function expectFailure(input: Parameters<typeof saveConnection>[2], reason: RegExp): Promise<void> {
  const saved = await saveConnection(server, token, input);
  const result = await testSaved(server, token, saved.id);
  expect(result.status).toBe(400);
  expect(result.message).toMatch(reason);
}

describe('postgres (the embedded PostgreSQL of the tests)', () => {
  const database = () => new URL(inject('databaseUrl'));
  const urlWithout = (url: URL) => `postgres://${url.host}${url.pathname}`;

  it('connects with the right password', async () => {
    // A role of its own: Pharos refuses its own database reached as its own role.
    const reader = await databaseReader(inject('databaseUrl'));
    await expectOk({ type: 'postgres', url: reader.url, username: reader.username, password: reader.password });
  });

  it('says the password is wrong', async () => {
    const url = database();
    await expectFailure({ type: 'postgres', url: urlWithout(url), username: 'no_such_role', password: 'wrong' }, /password authentication failed|role "no_such_role" does not exist/);
  });

  it('says nothing listens', async () => {
    await expectFailure({ type: 'postgres', url: `postgres://127.0.0.1:${await unreachable()}/x`, username: 'a', password: 'b' }, /ECONNREFUSED/);
  });
});

describe('mysql (MariaDB)', () => {
  let url: string;
  beforeAll(async () => {
    const started = await startMariaDb(PASSWORD);
    peers.push(started.process);
    url = started.url;
  }, 180_000);

  it('connects, wrong password, unreachable', async () => {
    await expectOk({ type: 'mysql', url, username: 'pharos', password: PASSWORD });
    await expectFailure({ type: 'mysql', url, username: 'pharos', password: 'wrong' }, /Access denied for user 'pharos'/);
    await expectFailure({ type: 'mysql', url: `mysql://127.0.0.1:${await unreachable()}/x`, username: 'pharos', password: PASSWORD }, /ECONNREFUSED/);
  });
});

describe('redis', () => {
  let url: string;
  beforeAll(async () => {
    const started = await startRedis(PASSWORD);
    peers.push(started.process);
    url = started.url;
  });

  it('connects, wrong password, unreachable', async () => {
    await expectOk({ type: 'redis', url, password: PASSWORD, properties: { db: '0' } });
    await expectFailure({ type: 'redis', url, password: 'wrong' }, /WRONGPASS|invalid username-password/);
    await expectFailure({ type: 'redis', url: `redis://127.0.0.1:${await unreachable()}` }, /ECONNREFUSED/);
  });
});

describe('http and prometheus', () => {
  let http: Server;
  let httpUrl: string;
  let prometheus: string;

  beforeAll(async () => {
    http = createServer((request, response) => {
      const expected = `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}`;
      if (request.headers.authorization !== expected) response.writeHead(401).end('{"error":"bad credentials"}');
      else response.writeHead(200).end('fine');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const started = await startPrometheus();
    peers.push(started.process);
    prometheus = started.url;
  }, 90_000);

  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
  });

  it('http: credentials accepted, refused (with the body), unreachable', async () => {
    await expectOk({ type: 'http', url: httpUrl, username: 'ops', password: PASSWORD });
    await expectFailure({ type: 'http', url: httpUrl, username: 'ops', password: 'wrong' }, /^401: \{"error":"bad credentials"\}$/);
    await expectFailure({ type: 'http', url: `http://127.0.0.1:${await unreachable()}` }, /ECONNREFUSED/);
  });

  it('prometheus: its API answers; a server that is not Prometheus does not', async () => {
    await expectOk({ type: 'prometheus', url: prometheus });
    await expectFailure({ type: 'prometheus', url: httpUrl, username: 'ops', password: 'wrong' }, /^401/);
    await expectFailure({ type: 'prometheus', url: `http://127.0.0.1:${await unreachable()}` }, /ECONNREFUSED/);
  });
});

describe('ldap (OpenLDAP)', () => {
  let url: string;
  beforeAll(async () => {
    const started = await startSlapd(PASSWORD);
    peers.push(started.process);
    url = started.url;
  }, 60_000);

  it('binds, wrong password, unreachable', async () => {
    await expectOk({ type: 'ldap', url, username: LDAP_ADMIN, password: PASSWORD });
    await expectFailure({ type: 'ldap', url, username: LDAP_ADMIN, password: 'wrong' }, /Invalid Credentials|InvalidCredentials/i);
    await expectFailure({ type: 'ldap', url: `ldap://127.0.0.1:${await unreachable()}`, username: LDAP_ADMIN, password: PASSWORD }, /ECONNREFUSED/);
  });
});

describe('sftp (OpenSSH)', () => {
  let port: number;
  let user: string;
  beforeAll(async () => {
    const started = await startSshd(PASSWORD);
    peers.push(started.process);
    port = started.port;
    user = started.user;
  }, 60_000);

  it('logs in and lists the home folder, wrong password, unreachable', async () => {
    await expectOk({ type: 'sftp', username: user, password: PASSWORD, properties: { host: '127.0.0.1', port: String(port) } });
    await expectFailure({ type: 'sftp', username: user, password: 'wrong', properties: { host: '127.0.0.1', port: String(port) } }, /Authentication failed/);
    await expectFailure({ type: 'sftp', username: user, password: PASSWORD, properties: { host: '127.0.0.1', port: String(await unreachable()) } }, /ECONNREFUSED/);
  });
});

describe('smb (Samba)', () => {
  let port: number;
  let user: string;
  beforeAll(async () => {
    const started = await startSamba(PASSWORD);
    peers.push(started.process);
    port = started.port;
    user = started.user;
  }, 60_000);

  it('logs in to the share and lists it, wrong password, unreachable', async () => {
    await expectOk({ type: 'smb', url: '\\\\127.0.0.1\\pharos', username: user, password: PASSWORD, properties: { port: String(port) } });
    await expectFailure({ type: 'smb', url: 'smb://127.0.0.1/pharos', username: user, password: 'wrong', properties: { port: String(port) } }, /NT_STATUS_LOGON_FAILURE/);
    await expectFailure({ type: 'smb', url: 'smb://127.0.0.1/pharos', username: user, password: PASSWORD, properties: { port: String(await unreachable()) } }, /NT_STATUS_CONNECTION_REFUSED/);
  });
});

describe('git, folder and email', () => {
  let folder: string;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'pharos-git-peer-'));
    const repo = path.join(folder, 'repo');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    execFileSync('git', ['-C', repo, '-c', 'user.name=Pharos', '-c', 'user.email=pharos@example.com', 'commit', '-q', '--allow-empty', '-m', 'first']);
    smtp = new TestSmtpServer({ users: { mailer: PASSWORD } });
    await smtp.start();
  });

  afterAll(async () => {
    await smtp.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('git: the ref exists, a missing ref, a missing repository', async () => {
    await expectOk({ type: 'git', url: `file://${folder}/repo`, properties: { ref: 'main' } });
    await expectFailure({ type: 'git', url: `file://${folder}/repo`, properties: { ref: 'release' } }, /The repository has no branch or tag release/);
    await expectFailure({ type: 'git', url: `file://${folder}/missing` }, /does not appear to be a git repository|Could not read from remote/);
  });

  it('git over HTTP (git http-backend): logs in, refuses a wrong password without echoing it', async () => {
    const gitHttp = await startGitHttpServer(folder, 'deploy', PASSWORD);
    try {
      await expectOk({ type: 'git', url: `${gitHttp.url}/repo`, username: 'deploy', password: PASSWORD, properties: { ref: 'main', auth: 'basic' } });
      const saved = await saveConnection(server, token, { type: 'git', url: `${gitHttp.url}/repo`, username: 'deploy', password: 'Wrong-git-pass', properties: { ref: 'main', auth: 'basic' } });
      const result = await testSaved(server, token, saved.id);
      expect(result.status).toBe(400);
      expect(result.message).toMatch(/Authentication failed/);
      expect(result.message).not.toContain('Wrong-git-pass');
    } finally {
      await gitHttp.stop();
    }
  });

  it('git over HTTP keeps the password off every command line while git asks the remote', async () => {
    // The remote looks at every process's command line while git waits for its answer.
    const seen: string[] = [];
    const remote = createServer((request, response) => {
      void commandLines().then((lines) => {
        seen.push(...lines.filter((line) => line.includes('ls-remote')));
        response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('authentication required');
      });
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = remote.address() as AddressInfo;
      const saved = await saveConnection(server, token, { type: 'git', url: `http://127.0.0.1:${port}/repo`, username: 'deploy', password: 'Cmdline-git-pass', properties: { ref: 'main', auth: 'basic' } });
      expect((await testSaved(server, token, saved.id)).status).toBe(400);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((line) => line.includes('Cmdline-git-pass'))).toEqual([]);
    } finally {
      await new Promise((resolve) => remote.close(resolve));
    }
  });

  it('folder: exists, is a file, is missing', async () => {
    await expectOk({ type: 'folder', properties: { path: folder } });
    execFileSync('touch', [path.join(folder, 'file')]);
    await expectFailure({ type: 'folder', properties: { path: path.join(folder, 'file') } }, /is not a folder/);
    await expectFailure({ type: 'folder', properties: { path: path.join(folder, 'nothing') } }, /does not exist/);
  });

  it('email: logs in to the SMTP server, wrong password, unreachable', async () => {
    const email = (port: number, password: string) => ({
      type: 'email',
      username: 'mailer',
      password,
      properties: { host: '127.0.0.1', port: String(port), from: 'pharos@example.com', encryptionMethod: 'None', authMethod: 'Plain' },
    });
    await expectOk(email(smtp.port, PASSWORD));
    await expectFailure(email(smtp.port, 'wrong'), /Invalid username or password/);
    await expectFailure(email(await unreachable(), PASSWORD), /ECONNREFUSED/);
    expect(smtp.mails).toHaveLength(0);
  });
});

/** The command line of every process on the machine, arguments joined by spaces. */
async function commandLines(): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const lines = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return lines.map((line) => line.split('\0').join(' '));
}
