import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { until } from '../support/until.js';

/**
 * `GET /api/ready` of `pharos serve` in its own process, whose database link runs through a proxy
 * the test can cut: ready only while the database answers and has every migration of this build.
 */

let serve: ServeProcess;
let proxy: TcpProxy;

interface Answer {
  status: number;
  body: { status: string; message?: string };
}

async function ready(): Promise<Answer> {
  const response = await fetch(`${serve.url}/api/ready`);
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

beforeAll(async () => {
  const shared = new URL(inject('databaseUrl'));
  proxy = await startTcpProxy(shared.hostname, Number(shared.port));
  serve = await startServeProcess({}, { databasePort: proxy.port });
});

afterAll(async () => {
  await serve?.stop();
  await proxy?.close();
});

describe('GET /api/ready', () => {
  it('answers 200 without signing in when the database answers and every migration is applied', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 naming the migration that is not applied, and 200 again once it is', async () => {
    const { rows } = await serve.pool.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations order by name desc limit 1');
    const newest = rows[0]!;
    await serve.pool.query('delete from schema_migrations where name = $1', [newest.name]);
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(`1 database migration(s) are not applied yet: ${newest.name}`);
      // Liveness does not depend on migrations: the process itself is fine.
      expect((await fetch(`${serve.url}/api/health`)).status).toBe(200);
    } finally {
      await serve.pool.query('insert into schema_migrations (name, checksum) values ($1, $2)', [newest.name, newest.checksum]);
    }
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 when the database has never been migrated', async () => {
    await serve.pool.query('alter table schema_migrations rename to schema_migrations_aside');
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: { status: 'unavailable', message: 'The database has no migrations applied: run `pharos migrate` or start `pharos serve`' },
      });
    } finally {
      await serve.pool.query('alter table schema_migrations_aside rename to schema_migrations');
    }
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 while the database is unreachable, and 200 once it is back', async () => {
    proxy.cut();
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/^The database is unreachable: /);
    } finally {
      proxy.restore();
    }
    await until(ready, (answer) => answer.status === 200, { timeoutMs: 15_000 });
  });
});
