import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { runCli } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  env = { DATABASE_URL: inject('databaseUrl') };
});

afterAll(async () => {
  await server?.close();
});

async function count(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`select count(*) as n from (${sql}) q`, params);
  return Number(rows[0]?.n);
}

describe('pharos token create', () => {
  it('prints a token as its last line that works as a bearer token', async () => {
    const email = `cli-${Date.now()}@example.com`;
    const result = await runCli(['token', 'create', '--email', email, '--role', 'editor', '--role', 'commander,responder'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const token = result.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(token).toMatch(/^pharos_/);

    const response = await fetch(`${server.url}/api/does-not-exist`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    const roles = await server.pool.query<{ roles: string[] }>('select roles from people_roles where email = $1', [email]);
    expect(roles.rows[0]?.roles).toEqual(['commander', 'editor', 'responder']);
  });

  it('refuses an unknown role with a one-line message and exit code 1', async () => {
    const result = await runCli(['token', 'create', '--email', 'x@example.com', '--role', 'overlord'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Unknown role "overlord"');
  });

  it('fails with a one-line message when the database is unreachable', async () => {
    const result = await runCli(['migrate'], { DATABASE_URL: 'postgres://nobody:wrong@127.0.0.1:1/none' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Cannot connect to the database');
  });
});

describe('pharos seed', () => {
  it('--demo is idempotent', async () => {
    const first = await runCli(['seed', '--demo'], env);
    expect(first.code, first.stderr).toBe(0);
    const snapshot = async (): Promise<number[]> => [
      await count(server.pool, 'select 1 from people'),
      await count(server.pool, 'select 1 from teams'),
      await count(server.pool, 'select 1 from team_members'),
      await count(server.pool, 'select 1 from person_roles'),
      await count(server.pool, "select 1 from canaries where namespace = 'demo' and deleted_at is null"),
    ];
    const before = await snapshot();
    const second = await runCli(['seed', '--demo'], env);
    expect(second.code, second.stderr).toBe(0);
    expect(await snapshot()).toEqual(before);

    const demo = await server.pool.query<{ roles: string[] }>(
      "select roles from people_roles where email in ('alice.romero@example.com', 'eli.haddad@example.com') order by email",
    );
    expect(demo.rows.map((row) => row.roles)).toEqual([['admin'], ['responder']]);
    expect(await count(server.pool, "select 1 from teams where name in ('Platform', 'Database Reliability', 'Payments On-Call')")).toBe(3);
  });

  it('--scale 1000 inserts 1000 incidents spread over every status', async () => {
    const before = await count(server.pool, 'select 1 from incidents');
    const result = await runCli(['seed', '--scale', '1000'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(await count(server.pool, 'select 1 from incidents')).toBe(before + 1000);
    const statuses = await server.pool.query<{ status: string; n: string }>(
      "select status, count(*) as n from incidents where title like 'Bench incident %' group by status",
    );
    expect(statuses.rows.length).toBe(6);
    const creators = await count(server.pool, "select distinct created_by from incidents where title like 'Bench incident %'");
    expect(creators).toBeGreaterThan(1);
  });

  it('needs --demo or --scale', async () => {
    const result = await runCli(['seed'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--demo');
  });
});
