import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, spawnCli, type CliProcess } from '../support/cli.js';
import { freePort, waitForOk } from '../support/http.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * Credentials of specs written in clear before they were sealed on the way in (an older version, or
 * SQL) are sealed by `pharos serve` when it starts, and keep working.
 */

const KEY = 'sealed-at-start-key-0123456789abcdef';
let database: FreshDatabase;
let pool: pg.Pool;
let dataDir: string;
let serve: CliProcess | undefined;

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-sealed-at-start-'));
}, 60_000);

afterAll(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill('SIGTERM');
    await exited(serve.child);
  }
  await pool?.end();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('credentials of specs stored in clear', () => {
  it('are sealed when pharos serve starts, and still start the playbook', async () => {
    const token = `plain-token-${randomBytes(8).toString('hex')}`;
    const spec = { on: { webhook: { path: 'written-in-clear', authentication: { token: { value: token } } } }, actions: [{ name: 'hello', exec: { script: 'echo hi' } }] };
    await pool.query("insert into playbooks (name, title, spec) values ('written-in-clear', 'Written in clear', $1)", [spec]);
    await pool.query("insert into applied_resources (kind, namespace, name, resource_id, document) select 'Playbook', 'default', name, id, jsonb_build_object('kind', 'Playbook', 'spec', spec) from playbooks where name = 'written-in-clear'");

    const port = await freePort();
    serve = spawnCli(['serve'], { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PHAROS_DATA_DIR: dataDir, PHAROS_SECRET_KEY: KEY });
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000);

    const stored = await until(
      async () => (await pool.query<{ spec: string; document: string }>("select p.spec::text as spec, a.document::text as document from playbooks p join applied_resources a on a.resource_id = p.id where p.name = 'written-in-clear'")).rows[0]!,
      (row) => !row.spec.includes(token) && !row.document.includes(token),
    );
    expect(stored.spec).toMatch(/"token": \{"value": "v1:[A-Za-z0-9_-]+"\}/);
    expect(serve.stdout()).toContain('Sealed credentials of specs that were stored in clear');

    const call = (sent: string) => fetch(`http://127.0.0.1:${port}/api/playbook/webhook/written-in-clear`, { method: 'POST', headers: { authorization: `Bearer ${sent}` } });
    expect((await call('guess')).status).toBe(401);
    expect((await call(token)).status).toBe(201);
  }, 120_000);
});
