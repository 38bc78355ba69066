import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bearerTokenResolver, installAccessGuard, type CallerResolver } from '../../src/auth/guard.js';
import { createToken, verifyToken } from '../../src/auth/tokens.js';

let pool: pg.Pool;

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 4 });
});

afterAll(async () => {
  await pool?.end();
});

async function appWith(resolvers: CallerResolver[]): Promise<FastifyInstance> {
  const app = Fastify();
  installAccessGuard(app, { resolvers });
  app.get('/api/whoami', async (request) => request.caller ?? null);
  await app.ready();
  return app;
}

describe('bearer tokens', () => {
  it('sets request.caller to the person and their roles', async () => {
    const email = `Caller-${Date.now()}@Example.com`;
    const token = await createToken(pool, { email, roles: ['editor', 'responder'] });
    expect(token).toMatch(/^pharos_[A-Za-z0-9_-]{43}$/);
    const app = await appWith([bearerTokenResolver(pool)]);
    const response = await app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const caller = response.json<{ personId: string; roles: string[] }>();
    expect([...caller.roles].sort()).toEqual(['editor', 'responder']);
    const person = await pool.query<{ id: string; name: string }>('select id, name from people where email = $1', [email]);
    expect(person.rows).toEqual([{ id: caller.personId, name: email.split('@')[0] }]);
    await app.close();
  });

  it('stores only the sha256 digest of a token', async () => {
    const token = await createToken(pool, { email: `digest-${Date.now()}@example.com`, roles: ['viewer'] });
    const stored = await pool.query('select 1 from access_tokens where value = $1', [token]);
    expect(stored.rowCount).toBe(0);
  });

  it('reuses the person of an email case-insensitively and only adds roles', async () => {
    const email = `same-${Date.now()}@example.com`;
    const first = await createToken(pool, { email, roles: ['admin'] });
    const second = await createToken(pool, { email: email.toUpperCase(), roles: ['viewer'] });
    const a = await verifyToken(pool, first);
    const b = await verifyToken(pool, second);
    expect(a?.personId).toBe(b?.personId);
    expect([...(b?.roles ?? [])].sort()).toEqual(['admin', 'viewer']);
  });

  it('gives a person without roles an empty role list', async () => {
    const token = await createToken(pool, { email: `noroles-${Date.now()}@example.com`, roles: [] });
    const caller = await verifyToken(pool, token);
    expect(caller?.roles).toEqual([]);
  });
});

describe('caller resolvers', () => {
  const sessionResolver: CallerResolver = async (request) =>
    request.headers.cookie === 'session=good'
      ? { outcome: 'valid', caller: { personId: '00000000-0000-0000-0000-000000000001', roles: ['viewer'] } }
      : { outcome: 'absent' };

  it('tries the next resolver when the bearer token is absent', async () => {
    const app = await appWith([bearerTokenResolver(pool), sessionResolver]);
    const response = await app.inject({ url: '/api/whoami', headers: { cookie: 'session=good' } });
    expect(response.json()).toEqual({ personId: '00000000-0000-0000-0000-000000000001', roles: ['viewer'] });
    await app.close();
  });

  it('reports an invalid token when no resolver succeeds', async () => {
    const app = await appWith([bearerTokenResolver(pool), sessionResolver]);
    const response = await app.inject({ url: '/api/whoami', headers: { authorization: 'Bearer nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PGRST301', message: 'The bearer token is invalid or expired' });
    await app.close();
  });
});
