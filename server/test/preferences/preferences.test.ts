import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/auth/tokens.js';
import { PREFERENCE_MAX_BYTES, PREFERENCE_MAX_KEYS } from '../../src/preferences/limits.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function person(): Promise<string> {
  return createToken(server.pool, { email: `prefs-${randomUUID()}@example.com`, roles: ['viewer'] });
}

function call(token: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}/api/preferences${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const columns = { order: ['name', 'status'], hidden: ['age'], widths: { name: 240 } };

describe('/api/preferences', () => {
  it('keeps a value per person and gives each person only their own', async () => {
    const ada = await person();
    const bob = await person();
    expect((await call(ada, 'PUT', '/table:checks', { value: columns })).status).toBe(200);

    const own = await call(ada, 'GET', '/table:checks');
    expect(await own.json()).toEqual({ key: 'table:checks', value: columns });
    // Another person reading the same key sees nothing of Ada's, and writing it leaves hers alone.
    expect(await (await call(bob, 'GET', '/table:checks')).json()).toEqual({ key: 'table:checks', value: null });
    await call(bob, 'PUT', '/table:checks', { value: { order: [], hidden: ['name'], widths: {} } });
    expect(await (await call(ada, 'GET', '/table:checks')).json()).toEqual({ key: 'table:checks', value: columns });
    expect(((await (await call(bob, 'GET', '')).json()) as { key: string }[]).map((entry) => entry.key)).toEqual(['table:checks']);

    expect((await call(bob, 'DELETE', '/table:checks')).status).toBe(204);
    expect(await (await call(bob, 'GET', '/table:checks')).json()).toEqual({ key: 'table:checks', value: null });
    expect(await (await call(ada, 'GET', '/table:checks')).json()).toEqual({ key: 'table:checks', value: columns });
  });

  it('answers 401 without a caller', async () => {
    const response = await call(null, 'GET', '/table:checks');
    expect(response.status).toBe(401);
  });

  it('refuses a malformed key or body with a message saying what is expected', async () => {
    const token = await person();
    const badKey = await call(token, 'PUT', `/${encodeURIComponent('-no good')}`, { value: 1 });
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as { message: string }).message).toMatch(/preference key is 1 to 80/);
    const tooLongKey = await call(token, 'GET', `/${'k'.repeat(81)}`);
    expect(tooLongKey.status).toBe(400);
    const noValue = await call(token, 'PUT', '/table:checks', { order: [] });
    expect(noValue.status).toBe(400);
    expect(((await noValue.json()) as { message: string }).message).toMatch(/"value"/);
  });

  it('bounds the size of a value and the number of keys', async () => {
    const email = `prefs-${randomUUID()}@example.com`;
    const token = await createToken(server.pool, { email, roles: ['viewer'] });
    const big = await call(token, 'PUT', '/big', { value: 'x'.repeat(PREFERENCE_MAX_BYTES) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(`at most ${PREFERENCE_MAX_BYTES} bytes`);
    expect(await (await call(token, 'GET', '/big')).json()).toEqual({ key: 'big', value: null });

    const personId = (await server.pool.query<{ id: string }>('select id from people where email = $1', [email])).rows[0]?.id;
    expect(personId).toBeDefined();
    await server.pool.query(
      `insert into person_preferences (person_id, key, value) select $1, 'k' || n, '1' from generate_series(1, $2::int) n`,
      [personId, PREFERENCE_MAX_KEYS],
    );
    const over = await call(token, 'PUT', '/one-more', { value: 1 });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toMatch(`${PREFERENCE_MAX_KEYS} preferences already`);
    // A key already kept can still change.
    expect((await call(token, 'PUT', '/k1', { value: 2 })).status).toBe(200);
  });
});
