import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, identityOptions, register, uniqueEmail, type Browser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** In organization mode the data service shows the addresses and roles of the caller's organization only. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ identity: identityOptions({ authMode: 'organizations', orgSelfService: true }) });
});

afterAll(async () => {
  await server?.close();
});

interface Person {
  b: Browser;
  id: string;
  email: string;
}

async function person(prefix: string): Promise<Person> {
  const b = browser(server);
  const email = uniqueEmail(prefix);
  const { identity } = await register(b, email);
  return { b, id: identity.id, email };
}

function call(b: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function withToken(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** An organization of a new admin, with `member` added as editor. */
async function organization(prefix: string): Promise<{ admin: Person; member: Person }> {
  const admin = await person(`${prefix}-admin`);
  const created = await json<{ id: string }>(await call(admin.b, 'POST', '/api/organizations', { name: `Org ${prefix}`, slug: `${prefix}-${admin.id.slice(0, 8)}` }), 201);
  const member = await person(`${prefix}-member`);
  await server.pool.query("insert into organization_members (organization_id, person_id, role) values ($1, $2, 'editor')", [created.id, member.id]);
  return { admin, member };
}

const sorted = (ids: string[]): string[] => [...ids].sort();

describe('the person relations of the data service in organization mode', () => {
  let ours: { admin: Person; member: Person };
  let theirs: { admin: Person; member: Person };

  beforeAll(async () => {
    ours = await organization('ours');
    theirs = await organization('theirs');
  });

  it("lists only the organization's members in identities, people_roles and person_roles, with their role in it", async () => {
    const identities = await json<{ id: string; traits: { email: string } }[]>(await call(ours.admin.b, 'GET', '/api/db/identities?select=id,traits'), 200);
    expect(sorted(identities.map((i) => i.id))).toEqual(sorted([ours.admin.id, ours.member.id]));

    const people = await json<{ id: string; email: string; roles: string[] }[]>(await call(ours.admin.b, 'GET', '/api/db/people_roles?select=id,email,roles&order=email'), 200);
    expect(sorted(people.map((p) => p.id))).toEqual(sorted([ours.admin.id, ours.member.id]));
    expect(people.find((p) => p.id === ours.member.id)?.roles).toEqual(['editor']);
    expect(people.find((p) => p.id === ours.admin.id)?.roles).toEqual(['admin']);

    const roles = await json<{ person_id: string; role: string }[]>(await call(ours.admin.b, 'GET', '/api/db/person_roles?select=person_id,role'), 200);
    expect(sorted(roles.map((r) => `${r.person_id}:${r.role}`))).toEqual(sorted([`${ours.admin.id}:admin`, `${ours.member.id}:editor`]));

    // Asked for by id, another organization's member is not there either.
    expect(await json(await call(ours.admin.b, 'GET', `/api/db/identities?id=eq.${theirs.member.id}`), 200)).toEqual([]);
    expect(await json(await call(ours.admin.b, 'GET', `/api/db/people_roles?id=eq.${theirs.admin.id}`), 200)).toEqual([]);
  });

  it("resolves anyone's name from people, but not the address of somebody outside the organization", async () => {
    const ids = [ours.member.id, theirs.member.id].join(',');
    const people = await json<{ id: string; name: string; email: string | null }[]>(await call(ours.admin.b, 'GET', `/api/db/people?select=id,name,email&id=in.(${ids})`), 200);
    expect(people.find((p) => p.id === ours.member.id)).toMatchObject({ name: 'Ada Lovelace', email: ours.member.email });
    expect(people.find((p) => p.id === theirs.member.id)).toMatchObject({ name: 'Ada Lovelace', email: null });
    // Nor can a filter on the address find them.
    expect(await json(await call(ours.admin.b, 'GET', `/api/db/people?email=eq.${encodeURIComponent(theirs.member.email)}`), 200)).toEqual([]);
  });

  it('hides the address of an outsider in shared data that embeds them', async () => {
    const { rows } = await server.pool.query<{ id: string }>('insert into teams (name, created_by) values ($1, $2) returning id', ['Shared team', theirs.admin.id]);
    const teamId = rows[0]?.id ?? '';
    await server.pool.query('insert into team_members (team_id, person_id) values ($1, $2), ($1, $3)', [teamId, theirs.member.id, ours.member.id]);
    const [team] = await json<{ created_by: { name: string; email: string | null }; people: { id: string; email: string | null }[] }[]>(
      await call(ours.admin.b, 'GET', `/api/db/teams?id=eq.${teamId}&select=created_by(name,email),people!team_members(id,email)`),
      200,
    );
    expect(team?.created_by).toEqual({ name: 'Ada Lovelace', email: null });
    expect(team?.people.find((p) => p.id === theirs.member.id)?.email).toBeNull();
    expect(team?.people.find((p) => p.id === ours.member.id)?.email).toBe(ours.member.email);
  });

  it("keeps an outsider's address out of a notification rule's person recipient", async () => {
    const { rows } = await server.pool.query<{ id: string }>(
      "insert into notifications (name, events, person_id) values ('to them', '{check.failed}', $1), ('to us', '{check.failed}', $2) returning id",
      [theirs.admin.id, ours.member.id],
    );
    const ids = rows.map((row) => row.id).join(',');
    const summaries = await json<{ name: string; person: { id: string; name: string; email?: string } }[]>(
      await call(ours.admin.b, 'GET', `/api/db/notifications_summary?select=name,person&id=in.(${ids})&order=name`),
      200,
    );
    expect(summaries).toEqual([
      { name: 'to them', person: { id: theirs.admin.id, name: 'Ada Lovelace', avatar: null } },
      { name: 'to us', person: { id: ours.member.id, name: 'Ada Lovelace', avatar: null, email: ours.member.email } },
    ]);
  });

  it("shows an installation admin's API token, which works in no organization, only its own person", async () => {
    const token = await server.tokenFor(['admin']);
    const identities = await json<{ id: string }[]>(await withToken(token, 'GET', '/api/db/identities?select=id'), 200);
    expect(identities.map((i) => i.id)).not.toContain(ours.member.id);
    const people = await json<{ id: string; email: string | null }[]>(await withToken(token, 'GET', '/api/db/people_roles?select=id,email'), 200);
    expect(people).toHaveLength(1);
  });

  it("refuses deleting or changing an identity through the data service, even with an installation admin's API token", async () => {
    const token = await server.tokenFor(['admin']);
    for (const [method, body] of [['DELETE', undefined], ['PATCH', { state: 'inactive' }]] as const) {
      const refused = await json<{ code: string; message: string; hint: string }>(await withToken(token, method, `/api/db/identities?id=eq.${ours.member.id}`, body), 403);
      expect(refused.code).toBe('42501');
      expect(refused.message).toBe('permission denied: in organization mode a person is removed from the organization, not deleted from Pharos');
      expect(refused.hint).toContain('DELETE /api/organizations/current/members/{id}');
    }
    const { rows } = await server.pool.query<{ state: string }>('select state from identities where id = $1', [ours.member.id]);
    expect(rows).toEqual([{ state: 'active' }]);
  });
});
