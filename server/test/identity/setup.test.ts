import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Configuration, FrontendApi } from '@ory/client-fetch';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { digest } from '../../src/auth/identity/csrf.js';
import { CLI, cliEnv, exited, runCli, spawnCli, type CliProcess } from '../support/cli.js';
import { CookieJar } from '../support/cookies.js';
import { freePort, waitForOk } from '../support/http.js';
import { browser, csrfOf, identityOptions, nodeNamed, PASSWORD, rejection, signIn, uniqueEmail } from '../support/identity.js';
import { freshDatabase, startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ identity: identityOptions() });
  env = { DATABASE_URL: inject('databaseUrl') };
});

afterAll(async () => {
  await server?.close();
});

/** Runs `pharos user create` with the password on standard input. */
function userCreateWithStdin(args: string[], password: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'user', 'create', ...args], { env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(`${password}\n`);
  });
}

describe('pharos user create', () => {
  it('creates a verified identity with roles and prints its id; the password signs in', async () => {
    const email = uniqueEmail('cli');
    const result = await runCli(
      ['user', 'create', '--email', email, '--first-name', 'Cli', '--last-name', 'User', '--role', 'editor,commander', '--password', PASSWORD],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    const id = result.stdout.trim().split('\n').at(-1) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const roles = await server.pool.query<{ roles: string[]; name: string }>('select roles, name from people_roles where id = $1', [id]);
    expect(roles.rows[0]).toEqual({ roles: ['commander', 'editor'], name: 'Cli User' });
    const session = (await signIn(browser(server), email)).session;
    expect(session.identity?.id).toBe(id);
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);

    const again = await runCli(['user', 'create', '--email', email, '--first-name', 'A', '--last-name', 'B', '--role', 'viewer', '--password', PASSWORD], env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toContain('exists already');
  });

  it('reads the password from standard input and enforces the password policy', async () => {
    const email = uniqueEmail('stdin');
    const piped = await userCreateWithStdin(['--email', email, '--first-name', 'Pipe', '--last-name', 'Line', '--role', 'viewer'], 'a piped passphrase');
    expect(piped.code, piped.stderr).toBe(0);
    expect((await signIn(browser(server), email, 'a piped passphrase')).session.active).toBe(true);

    const weak = await userCreateWithStdin(['--email', uniqueEmail('weak'), '--first-name', 'W', '--last-name', 'K', '--role', 'viewer'], 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('The password must be at least 8 characters long');
  });
});

describe('registration modes', () => {
  it('with PHAROS_REGISTRATION=invite only a setup token opens registration', async () => {
    // A setup link works only while no account exists: a database of its own.
    const fresh = await freshDatabase();
    const closed = await startTestServer({ identity: identityOptions({ registration: 'invite' }) }, fresh.url);
    try {
      const refused = await rejection(browser(closed).api.createBrowserRegistrationFlow());
      expect(refused.status).toBe(400);
      expect(refused.body['error']).toMatchObject({ id: 'self_service_flow_disabled' });

      const token = randomBytes(32).toString('base64url');
      await closed.pool.query("insert into identity_setup_tokens (token_hash, expires_at) values ($1, now() + interval '1 hour')", [digest(token)]);
      const b = browser(closed);
      const response = await b.fetch(`${closed.url}/api/.ory/self-service/registration/browser?setup_token=${token}`, { headers: { accept: 'application/json' } });
      expect(response.status).toBe(200);
      const flow = (await response.json()) as Parameters<typeof csrfOf>[0] & { id: string };
      // The flow holds the right to create the administrator; the token itself is not kept with it.
      expect(nodeNamed(flow.ui, 'setup_token')).toBeUndefined();
      const email = uniqueEmail('invite-mode');
      const result = await b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', password: PASSWORD, traits: { email }, csrf_token: csrfOf(flow) },
      });
      const roles = await closed.pool.query<{ role: string }>('select role from person_roles where person_id = $1', [result.identity.id]);
      expect(roles.rows).toEqual([{ role: 'admin' }]);
      expect((await rejection(browser(closed).api.createBrowserRegistrationFlow())).status).toBe(400);
    } finally {
      await closed.close();
      await fresh.drop();
    }
  });
});

describe('first run', () => {
  let database: string;
  let url: string;
  const started: CliProcess[] = [];

  beforeAll(async () => {
    database = `pharos_setup_${randomBytes(4).toString('hex')}`;
    await server.pool.query(`create database ${database}`);
    const parsed = new URL(inject('databaseUrl'));
    parsed.pathname = `/${database}`;
    url = parsed.toString();
  });

  afterAll(async () => {
    for (const cli of started) cli.child.kill('SIGKILL');
    await server.pool.query(`drop database if exists ${database} with (force)`);
  });

  async function serve(): Promise<{ cli: CliProcess; base: string }> {
    const port = await freePort();
    const cli = spawnCli(['serve'], { DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', PHAROS_REGISTRATION: 'invite' });
    started.push(cli);
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForOk(`${base}/api/health`, 90_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nstdout: ${cli.stdout()}\nstderr: ${cli.stderr()}`);
    }
    return { cli, base };
  }

  it('pharos serve prints a one-time link that registers the first administrator', async () => {
    const { cli, base } = await serve();
    // The plain line printed for people, complete with its newline.
    const printed = /\n {2}(http:\/\/127\.0\.0\.1:\d+\/registration\?setup_token=([A-Za-z0-9_-]{43}))\n/;
    await expect.poll(() => printed.test(cli.stdout()), { timeout: 15_000 }).toBe(true);
    const link = printed.exec(cli.stdout());
    expect(link, `${cli.stdout()}\n${cli.stderr()}`).not.toBeNull();
    const token = link?.[2] ?? '';
    // Logged too, for operators who read the JSON log (the logger writes asynchronously).
    await expect.poll(() => cli.stdout(), { timeout: 15_000 }).toContain('"setup_url"');

    // The web app opens /registration?setup_token=… and creates the flow with the SDK: the token
    // travels in the page address (Referer), and the flow keeps only the right it grants.
    const jar = new CookieJar();
    const api = new FrontendApi(
      new Configuration({ basePath: `${base}/api/.ory`, fetchApi: jar.fetch, headers: { Accept: 'application/json', Referer: link?.[1] ?? '' } }),
    );
    const flow = await api.createBrowserRegistrationFlow();
    expect(JSON.stringify(flow)).not.toContain(token);
    const email = uniqueEmail('first-admin');
    const created = await api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: 'password', password: PASSWORD, traits: { email, name: { first: 'First', last: 'Admin' } }, csrf_token: csrfOf(flow) },
    });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const roles = await pool.query<{ role: string }>('select role from person_roles where person_id = $1', [created.identity.id]);
      expect(roles.rows).toEqual([{ role: 'admin' }]);
      const tokens = await pool.query<{ token_hash: string }>('select token_hash from identity_setup_tokens');
      expect(tokens.rows.every((row) => row.token_hash !== token && /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    } finally {
      await pool.end();
    }

    // The link works once.
    const second = new CookieJar();
    const again = await second.fetch(`${base}/api/.ory/self-service/registration/browser?setup_token=${token}`, { headers: { accept: 'application/json' } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { id: string } }).error.id).toBe('self_service_flow_disabled');

    cli.child.kill('SIGINT');
    expect(await exited(cli.child)).toBe(0);
    // With an account in place, the next start prints no link.
    const next = await serve();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(next.cli.stdout()).not.toContain('setup_token=');
    next.cli.child.kill('SIGINT');
    await exited(next.cli.child);
  });
});
