import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, identityOptions, register, rejection, signIn, uniqueEmail } from '../support/identity.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';
import { personOfEmail, rawFetch, restClient } from '../rest/helpers.js';

/**
 * The rows that make up an identity (the person, their email and name, their roles, the identity)
 * are written only through the identity service. The generic data service refuses them for every
 * role, nobody can remove the last administrator by any path, and a deleted or disabled person's
 * token or session stops at the very next request, on every server process.
 */

const REFUSAL = (relation: string) => `permission denied: '${relation}' is changed only through the identity service`;

describe('identity rows through the data service', () => {
  let server: TestServer;
  let adminEmail: string;
  let adminId: string;
  let editorEmail: string;
  let editorId: string;
  let editorToken: string;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    adminEmail = uniqueEmail('victim-admin');
    editorEmail = uniqueEmail('editor');
    adminToken = await server.tokenFor(['admin'], adminEmail);
    editorToken = await server.tokenFor(['editor'], editorEmail);
    adminId = await personOfEmail(server.pool, adminEmail);
    editorId = await personOfEmail(server.pool, editorEmail);
  });

  afterAll(async () => {
    await server?.close();
  });

  async function person(id: string) {
    const { rows } = await server.pool.query<{ name: string; email: string; deleted_at: Date | null }>('select name, email, deleted_at from people where id = $1', [
      id,
    ]);
    return rows[0];
  }

  it("an editor cannot delete an administrator's person, soft-delete it, or rewrite its email or name", async () => {
    const db = restClient(server, editorToken);
    const before = await person(adminId);
    const attempts = [
      db.from('people').delete().eq('id', adminId),
      db.from('people').update({ deleted_at: new Date().toISOString() }).eq('id', adminId),
      db.from('people').update({ email: editorEmail }).eq('id', adminId),
      db.from('people').update({ name: 'Mallory' }).eq('id', adminId),
      db.from('people').insert({ name: 'Twin', email: adminEmail }),
    ];
    for (const attempt of attempts) {
      const { status, error } = await attempt;
      expect(status).toBe(403);
      expect(error?.message).toBe(REFUSAL('people'));
    }
    expect(await person(adminId)).toEqual(before);
    expect((await rawFetch(server, adminToken, 'incidents?limit=1')).status).toBe(200);
  });

  it('an editor cannot claim a colleague\'s email for their own person', async () => {
    const { status } = await restClient(server, editorToken).from('people').update({ email: adminEmail }).eq('id', editorId);
    expect(status).toBe(403);
    expect((await person(editorId))?.email).toBe(editorEmail);
  });

  it('no role writes roles or identities through the data service; roles change only through update_role', async () => {
    for (const token of [editorToken, adminToken]) {
      const db = restClient(server, token);
      const grant = await db.from('person_roles').insert({ person_id: editorId, role: 'admin' });
      expect(grant.status).toBe(403);
      expect(grant.error?.message).toBe(REFUSAL('person_roles'));
      const revoke = await db.from('person_roles').delete().eq('person_id', adminId);
      expect(revoke.status).toBe(403);
      const disable = await db.from('identities').update({ state: 'inactive' }).eq('id', adminId);
      expect(disable.status).toBe(403);
      expect(disable.error?.message).toBe(REFUSAL('identities'));
    }
    const { rows } = await server.pool.query<{ role: string }>('select role from person_roles where person_id = any($1) order by role', [[adminId, editorId]]);
    expect(rows.map((row) => row.role)).toEqual(['admin', 'editor']);
  });

  it('an editor may still not delete identities (write on identities is an administrator\'s)', async () => {
    const { status } = await restClient(server, editorToken).from('identities').delete().eq('id', adminId);
    expect(status).toBe(403);
  });
});

describe('revocation applies to the next request on every process', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ identity: identityOptions() });
    second = await startTestServer({ identity: identityOptions() });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("a deleted person's token stops at once on the other process too", async () => {
    const email = uniqueEmail('revoked');
    const token = await first.tokenFor(['editor'], email);
    expect((await rawFetch(first, token, 'incidents?limit=1')).status).toBe(200);
    expect((await rawFetch(second, token, 'incidents?limit=1')).status).toBe(200);
    const admin = await second.tokenFor(['admin']);
    const person = await personOfEmail(second.pool, email);
    await second.pool.query('update people set deleted_at = now() where id = $1', [person]);
    expect((await rawFetch(first, token, 'incidents?limit=1')).status).toBe(401);
    expect((await rawFetch(second, token, 'incidents?limit=1')).status).toBe(401);
    expect((await rawFetch(second, admin, 'incidents?limit=1')).status).toBe(200);
  });

  it("a demoted person's token loses the role at once on the other process", async () => {
    const email = uniqueEmail('demoted');
    const token = await first.tokenFor(['editor'], email);
    const insert = () => restClient(first, token).from('incidents').insert({ title: `demotion ${email}` });
    expect((await insert()).status).toBe(201);
    const admin = await second.tokenFor(['admin']);
    const person = await personOfEmail(second.pool, email);
    const response = await fetch(`${second.url}/api/rbac/${person}/update_role`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roles: ['viewer'] }),
    });
    expect(response.status).toBe(200);
    expect((await insert()).status).toBe(403);
  });

  it("a disabled person's session and token stop at once", async () => {
    const email = uniqueEmail('disabled');
    const b = browser(first);
    const registered = await register(b, email);
    expect((await b.fetch(`${first.url}/api/auth/whoami`)).status).toBe(200);
    await first.pool.query('update identity_verifiable_addresses set verified = true where identity_id = $1', [registered.identity.id]);
    const token = await first.tokenFor([], email);
    expect((await rawFetch(second, token, 'incidents?limit=1')).status).toBe(200);
    await first.pool.query("update identities set state = 'inactive' where id = $1", [registered.identity.id]);
    expect((await b.fetch(`${first.url}/api/auth/whoami`)).status).toBe(401);
    expect((await rawFetch(second, token, 'incidents?limit=1')).status).toBe(401);
    expect((await rejection(signIn(browser(first), email))).status).toBe(400);
  });
});

describe('the last administrator', () => {
  let database: FreshDatabase;
  let server: TestServer;
  let onlyAdmin: string;
  let onlyAdminToken: string;
  /** An administrator with an identity, added by the third test. */
  let identityAdmin: { id: string; token: string };

  beforeAll(async () => {
    database = await freshDatabase();
    server = await startTestServer({ identity: identityOptions() }, database.url);
    const email = uniqueEmail('only-admin');
    onlyAdminToken = await server.tokenFor(['admin'], email);
    onlyAdmin = await personOfEmail(server.pool, email);
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const updateRole = (token: string, id: string, roles: string[]) =>
    fetch(`${server.url}/api/rbac/${id}/update_role`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roles }),
    });

  async function adminCount(): Promise<number> {
    const { rows } = await server.pool.query<{ n: string }>(
      "select count(*) as n from person_roles pr join people p on p.id = pr.person_id where pr.role = 'admin' and p.deleted_at is null",
    );
    return Number(rows[0]?.n);
  }

  it('cannot be demoted through update_role', async () => {
    const response = await updateRole(onlyAdminToken, onlyAdmin, ['editor']);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('At least one administrator must remain');
    expect(await adminCount()).toBe(1);
  });

  it('cannot be deleted, soft-deleted, stripped or disabled even in SQL', async () => {
    const attempts = [
      'delete from person_roles where person_id = $1',
      'update people set deleted_at = now() where id = $1',
      'delete from people where id = $1',
    ];
    for (const sql of attempts) {
      await expect(server.pool.query(sql, [onlyAdmin])).rejects.toThrow('At least one administrator must remain');
    }
    expect(await adminCount()).toBe(1);
  });

  it('cannot delete its own identity through the data service, nor be disabled', async () => {
    const email = uniqueEmail('identity-admin');
    const b = browser(server);
    const registered = await register(b, email);
    const id = registered.identity.id;
    await server.pool.query("insert into person_roles (person_id, role) values ($1, 'admin')", [id]);
    await server.pool.query("update identity_verifiable_addresses set verified = true where identity_id = $1", [id]);
    // Two administrators: the first may step down.
    expect((await updateRole(onlyAdminToken, onlyAdmin, ['editor'])).status).toBe(200);
    const token = await server.tokenFor(['admin'], email);
    identityAdmin = { id, token };
    const deleted = await rawFetch(server, token, `identities?id=eq.${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(400);
    expect(((await deleted.json()) as { message: string }).message).toBe('At least one administrator must remain');
    await expect(server.pool.query("update identities set state = 'inactive' where id = $1", [id])).rejects.toThrow(
      'At least one administrator must remain',
    );
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(200);
    expect(await adminCount()).toBe(1);
    // Restore the first administrator for the next test.
    expect((await updateRole(token, onlyAdmin, ['admin'])).status).toBe(200);
  });

  it('two administrators demoting each other at once: one of them remains', async () => {
    const [a, b] = await Promise.all([
      updateRole(onlyAdminToken, identityAdmin.id, ['editor']),
      updateRole(identityAdmin.token, onlyAdmin, ['editor']),
    ]);
    // The loser is refused at commit (400), or, when it starts after the winner's commit, no longer holds the role (403).
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    expect(await adminCount()).toBe(1);
  });
});
