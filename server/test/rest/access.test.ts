import type { Role } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { countRows, errorBody, firstId, insertPerson, jsonInit, rawFetch, restClient, uniqueSuffix } from './helpers.js';

/**
 * The role matrix of spec 1 section 6, enforced by the data service:
 *
 * | Role                  | Read                                          | Write                                          |
 * | admin                 | everything                                    | everything                                     |
 * | editor                | everything                                    | everything except connections, identities, rbac|
 * | commander, responder  | everything except rbac, identities, connections| responder, incident, evidences, comments      |
 * | viewer                | as commander                                  | nothing                                        |
 *
 * No role means viewer; several roles are merged. The expectations below are written from that
 * table (not from the server's own matrix), one relation per resource of interest.
 */

let server: TestServer;
const sfx = uniqueSuffix();

type Who = 'admin' | 'editor' | 'commander' | 'responder' | 'viewer' | 'no role' | 'viewer+commander';
const ROLES_OF: Record<Who, Role[]> = {
  admin: ['admin'],
  editor: ['editor'],
  commander: ['commander'],
  responder: ['responder'],
  viewer: ['viewer'],
  'no role': [],
  'viewer+commander': ['viewer', 'commander'],
};
const tokens = new Map<Who, string>();

/** Relations probed, with the spec resource that guards them. */
const RELATIONS = {
  incidents: 'incident',
  hypotheses: 'incident',
  comments: 'comments',
  evidences: 'evidences',
  responders: 'responder',
  playbooks: 'playbooks',
  playbook_runs: 'playbook_runs',
  connections: 'connections',
  identities: 'identities',
  person_roles: 'rbac',
  people: 'database',
  configs: 'database',
  canaries: 'canaries',
  agents: 'agents',
  properties: 'properties',
  notifications: 'notifications',
} as const;
type Relation = keyof typeof RELATIONS;
type Resource = (typeof RELATIONS)[Relation];

const HIDDEN_FROM_RESPONDERS: readonly Resource[] = ['rbac', 'identities', 'connections'];
const RESPONDER_WRITES: readonly Resource[] = ['responder', 'incident', 'evidences', 'comments'];
const EDITOR_CANNOT_WRITE: readonly Resource[] = ['connections', 'identities', 'rbac'];

function specAllows(roles: readonly Role[], resource: Resource, action: 'read' | 'write'): boolean {
  const effective: readonly Role[] = roles.length === 0 ? ['viewer'] : roles;
  return effective.some((role) => {
    switch (role) {
      case 'admin':
        return true;
      case 'editor':
        return action === 'read' || !EDITOR_CANNOT_WRITE.includes(resource);
      case 'commander':
      case 'responder':
        return action === 'read' ? !HIDDEN_FROM_RESPONDERS.includes(resource) : RESPONDER_WRITES.includes(resource);
      case 'viewer':
        return action === 'read' && !HIDDEN_FROM_RESPONDERS.includes(resource);
    }
  });
}

function tokenOf(who: Who): string {
  const token = tokens.get(who);
  if (!token) throw new Error(`no token for ${who}`);
  return token;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const [who, roles] of Object.entries(ROLES_OF) as [Who, Role[]][]) {
    tokens.set(who, await server.tokenFor(roles, `access-${who.replace(/[^a-z]/g, '-')}-${sfx}@example.com`));
  }
});

afterAll(async () => {
  await server?.close();
});

/** Rows written only through their own service, whatever the role: identity rows, and connections (whose credentials the server seals). */
const OWNED_ROWS: Readonly<Record<string, string>> = {
  people: 'the identity service',
  person_roles: 'the identity service',
  identities: 'the identity service',
  connections: '/api/connections',
};

/** A PATCH that touches no row (every probed table has created_at): only authorization decides. */
const NO_OP_PATCH = 'created_at=lt.1900-01-01T00:00:00Z';

async function expectForbidden(response: Response, action: 'read' | 'write', relation: string): Promise<void> {
  expect(response.status).toBe(403);
  const body = await errorBody(response);
  expect(body.code).toBe('42501');
  expect(body.message).toMatch(new RegExp(`may not ${action} '${relation}'$`));
}

describe.each(Object.keys(ROLES_OF) as Who[])('%s', (who) => {
  it.each(Object.keys(RELATIONS) as Relation[])(`reads and writes %s as the spec says`, async (relation) => {
    const token = tokenOf(who);
    const resource = RELATIONS[relation];

    const read = await rawFetch(server, token, `${relation}?select=created_at&limit=1`);
    if (specAllows(ROLES_OF[who], resource, 'read')) {
      expect(read.status).toBe(200);
      expect(Array.isArray(await read.json())).toBe(true);
    } else {
      await expectForbidden(read, 'read', relation);
    }

    const write = await rawFetch(server, token, `${relation}?${NO_OP_PATCH}`, jsonInit('PATCH', { created_at: '2000-01-01T00:00:00Z' }));
    const owner = OWNED_ROWS[relation];
    if (owner) {
      expect(write.status).toBe(403);
      expect((await errorBody(write)).message).toBe(`permission denied: '${relation}' is changed only through ${owner}`);
    } else if (specAllows(ROLES_OF[who], resource, 'write')) {
      expect(write.status).toBe(204);
    } else {
      await expectForbidden(write, 'write', relation);
    }
  });
});

describe('real writes', () => {
  let incident: string;

  beforeAll(async () => {
    const { rows } = await server.pool.query<{ id: string }>('insert into incidents (title, description) values ($1, $2) returning id', [`access ${sfx}`, `access-${sfx}`]);
    incident = firstId(rows);
  });

  it('the 403 body says who may not do what', async () => {
    const response = await rawFetch(server, tokenOf('commander'), 'playbooks', jsonInit('POST', { name: `playbook-${sfx}`, spec: {} }));
    expect(response.status).toBe(403);
    expect(await errorBody(response)).toEqual({
      code: '42501',
      message: "permission denied: your role (commander) may not write 'playbooks'",
      details: "'playbooks' belongs to the resource 'playbooks'",
      hint: "Ask an administrator for a role that can write 'playbooks'.",
    });
  });

  it('editor writes incidents; connections are written only through /api/connections, even by an admin', async () => {
    const editor = restClient(server, tokenOf('editor'));
    const created = await editor.from('incidents').insert({ title: `by editor ${sfx}`, description: `access-${sfx}` }).select('title').single();
    expect(created.status).toBe(201);
    expect(created.data).toEqual({ title: `by editor ${sfx}` });
    const refused = await editor.from('connections').insert({ name: `conn-editor-${sfx}`, type: 'http' });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');
    expect(await countRows(server.pool, 'select count(*) as n from connections where name = $1', [`conn-editor-${sfx}`])).toBe(0);

    const admin = restClient(server, tokenOf('admin'));
    const direct = await admin.from('connections').insert({ name: `conn-admin-${sfx}`, type: 'http', password: 'in clear' });
    expect(direct.status).toBe(403);
    expect(direct.error?.message).toBe("permission denied: 'connections' is changed only through /api/connections");
    expect(await countRows(server.pool, 'select count(*) as n from connections where name = $1', [`conn-admin-${sfx}`])).toBe(0);
  });

  it.each(['commander', 'responder'] as const)('%s writes incidents, comments, evidences, responders but not playbooks', async (who) => {
    const db = restClient(server, tokenOf(who));
    const newIncident = await db.from('incidents').insert({ title: `by ${who} ${sfx}`, description: `access-${sfx}` }).select('id').single();
    expect(newIncident.status).toBe(201);
    const comment = await db.from('comments').insert({ incident_id: incident, comment: `comment by ${who}` }).select('comment').single();
    expect(comment.status).toBe(201);
    expect(comment.data).toEqual({ comment: `comment by ${who}` });
    const hypothesis = await db.from('hypotheses').insert({ incident_id: incident, title: `h by ${who}` }).select('id').single();
    expect(hypothesis.status).toBe(201);
    const hypothesisId = (hypothesis.data as { id: string }).id;
    const evidence = await db.from('evidences').insert({ hypothesis_id: hypothesisId, type: 'comment', description: `evidence by ${who}` }).select('description').single();
    expect(evidence.status).toBe(201);
    const person = await insertPerson(server.pool, `responder person ${who} ${sfx}`);
    const responder = await db.from('responders').insert({ incident_id: incident, type: 'person', person_id: person }).select('type,person_id').single();
    expect(responder.status).toBe(201);
    expect(responder.data).toEqual({ type: 'person', person_id: person });

    const playbook = await db.from('playbooks').insert({ name: `pb-${who}-${sfx}`, title: 'nope' });
    expect(playbook.status).toBe(403);
    expect(playbook.error?.code).toBe('42501');
    expect(await countRows(server.pool, 'select count(*) as n from playbooks where name = $1', [`pb-${who}-${sfx}`])).toBe(0);
  });

  it.each(['commander', 'responder'] as const)('%s cannot read connections, identities, people_roles, person_roles', async (who) => {
    for (const relation of ['connections', 'identities', 'people_roles', 'person_roles']) {
      await expectForbidden(await rawFetch(server, tokenOf(who), relation), 'read', relation);
    }
  });

  it.each(['viewer', 'no role'] as const)('%s reads incidents but writes nothing', async (who) => {
    const db = restClient(server, tokenOf(who));
    const read = await db.from('incidents').select('title').eq('id', incident);
    expect(read.status).toBe(200);
    expect(read.data).toEqual([{ title: `access ${sfx}` }]);
    const insert = await db.from('incidents').insert({ title: `by ${who}`, description: `access-${sfx}` });
    expect(insert.status).toBe(403);
    const label = who === 'viewer' ? 'viewer' : 'viewer (no role assigned)';
    expect(insert.error?.message).toBe(`permission denied: your role (${label}) may not write 'incidents'`);
    const patch = await db.from('incidents').update({ title: 'changed' }).eq('id', incident);
    expect(patch.status).toBe(403);
    const remove = await rawFetch(server, tokenOf(who), `incidents?id=eq.${incident}`, { method: 'DELETE' });
    await expectForbidden(remove, 'write', 'incidents');
    const { rows } = await server.pool.query<{ title: string }>('select title from incidents where id = $1', [incident]);
    expect(rows).toEqual([{ title: `access ${sfx}` }]);
    expect(await countRows(server.pool, 'select count(*) as n from incidents where title = $1', [`by ${who}`])).toBe(0);
  });

  it('two roles merge: viewer+commander writes incidents, still not playbooks', async () => {
    const db = restClient(server, tokenOf('viewer+commander'));
    const insert = await db.from('incidents').insert({ title: `merged ${sfx}`, description: `access-${sfx}` });
    expect(insert.status).toBe(201);
    const playbook = await db.from('playbooks').insert({ name: `pb-merged-${sfx}`, title: 'nope' });
    expect(playbook.status).toBe(403);
    expect(playbook.error?.message).toBe("permission denied: your role (viewer, commander) may not write 'playbooks'");
  });

  it('a viewer may call a read-only function', async () => {
    const { rows } = await server.pool.query<{ id: string }>("insert into configs (name, type) values ($1, 'Access::Test') returning id", [`cfg-${sfx}`]);
    const db = restClient(server, tokenOf('viewer'));
    const { data, status } = await db.rpc('related_configs_recursive', { config_id: firstId(rows) });
    expect(status).toBe(200);
    expect(data).toEqual([]);
  });
});

describe('embeds are authorized too', () => {
  it('viewer: people?select=id,identities(id) is 403 on identities', async () => {
    const response = await rawFetch(server, tokenOf('viewer'), 'people?select=id,identities(id)&limit=1');
    await expectForbidden(response, 'read', 'identities');
  });

  it('commander: people?select=id,connections(id) and person_roles(role) are 403', async () => {
    await expectForbidden(await rawFetch(server, tokenOf('commander'), 'people?select=id,connections(id)&limit=1'), 'read', 'connections');
    await expectForbidden(await rawFetch(server, tokenOf('commander'), 'people?select=id,person_roles(role)&limit=1'), 'read', 'person_roles');
    await expectForbidden(await rawFetch(server, tokenOf('commander'), 'people?select=id,...person_roles!inner(role)&limit=1'), 'read', 'person_roles');
  });

  it('the same embeds are fine for an admin', async () => {
    const response = await rawFetch(server, tokenOf('admin'), 'people?select=id,identities(id),connections(id),person_roles(role)&limit=1');
    expect(response.status).toBe(200);
  });

  it('an embed in the representation of a write is authorized as a read', async () => {
    const response = await rawFetch(server, tokenOf('commander'), 'incidents?select=id,created_by(id,identities(id))', jsonInit('POST', { title: `embed-write ${sfx}` }, { prefer: 'return=representation' }));
    await expectForbidden(response, 'read', 'identities');
    expect(await countRows(server.pool, 'select count(*) as n from incidents where title = $1', [`embed-write ${sfx}`])).toBe(0);
  });
});

describe('authentication', () => {
  it('no token is 401 PGRST301', async () => {
    for (const init of [{}, jsonInit('POST', { title: 'x' }), { method: 'DELETE' }]) {
      const response = await rawFetch(server, undefined, 'incidents?id=eq.00000000-0000-4000-8000-000000000000', init);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await errorBody(response)).toEqual({ code: 'PGRST301', message: 'Authentication required: sign in or send a bearer token', details: null, hint: null });
    }
  });

  it('a bad token is 401 through postgrest-js too', async () => {
    const { status, error } = await restClient(server, 'pharos_not-a-token').from('incidents').select('id').limit(1);
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST301', message: 'The bearer token is invalid or expired' });
    const malformed = await rawFetch(server, undefined, 'incidents', { headers: { authorization: 'Bearer a b' } });
    expect(malformed.status).toBe(401);
  });

  it('a token of a deleted person is 401', async () => {
    const email = `gone-${sfx}@example.com`;
    const token = await server.tokenFor(['admin'], email);
    await server.pool.query('update people set deleted_at = now() where lower(email) = lower($1)', [email]);
    const response = await rawFetch(server, token, 'incidents?limit=1');
    expect(response.status).toBe(401);
  });
});
