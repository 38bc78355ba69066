import type { Role } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, jsonInit, rawFetch } from '../rest/helpers.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * The incident relations the screens read besides incidents, hypotheses, comments, evidences and
 * responders (those are probed in test/rest/access.test.ts): the views incident_summary,
 * incidents_by_component and incidents_by_config, the changelog incident_histories and
 * incident_rules, each as spec 1's role matrix says (every role reads the incident resource;
 * admin, editor, commander and responder write it). The changelog is written by the database as
 * the incident changes, so nobody writes it through the data service. The views are read from the
 * real tables as evidence is added and removed.
 */

let database: FreshDatabase;
let server: TestServer;
const tokens = new Map<string, string>();
const ROLES: Record<string, Role[]> = { admin: ['admin'], editor: ['editor'], commander: ['commander'], responder: ['responder'], viewer: ['viewer'], 'no role': [] };
const token = (who: string) => tokens.get(who)!;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  for (const [who, roles] of Object.entries(ROLES)) tokens.set(who, await server.tokenFor(roles, `incidents-access-${who.replace(' ', '-')}@example.com`));
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function insertOne(sql: string, values: unknown[] = []): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>(sql, values);
  return rows[0]!.id;
}

describe('who reads and writes the incident relations', () => {
  const READ = ['incident_summary', 'incidents_by_component', 'incidents_by_config', 'incident_histories', 'incident_rules'];

  it.each(Object.keys(ROLES))('%s reads the views, the changelog and the rules', async (who) => {
    for (const relation of READ) {
      const response = await rawFetch(server, token(who), `${relation}?limit=1`);
      expect(response.status, relation).toBe(200);
      expect(Array.isArray(await response.json())).toBe(true);
    }
  });

  it.each([
    ['admin', 201],
    ['editor', 201],
    ['commander', 201],
    ['responder', 201],
    ['viewer', 403],
    ['no role', 403],
  ] as const)('%s writes an incident rule only with write on incident (%i)', async (who, status) => {
    const response = await rawFetch(server, token(who), 'incident_rules', jsonInit('POST', { name: `rule of ${who}`, spec: {} }));
    expect(response.status).toBe(status);
    if (status === 403) expect((await errorBody(response)).message).toMatch(/may not write 'incident_rules'$/);
  });

  it('lets no role write the changelog, which the database keeps', async () => {
    const incident = await insertOne(`insert into incidents (title) values ('Checkout is down') returning id`);
    const history = await insertOne(`select id from incident_histories where incident_id = $1 and type = 'incident.created'`, [incident]);
    for (const who of ['admin', 'responder']) {
      const insert = await rawFetch(server, token(who), 'incident_histories', jsonInit('POST', { incident_id: incident, type: 'incident.created', description: 'forged' }));
      const update = await rawFetch(server, token(who), `incident_histories?id=eq.${history}`, jsonInit('PATCH', { description: 'forged' }));
      const remove = await rawFetch(server, token(who), `incident_histories?id=eq.${history}`, { method: 'DELETE' });
      for (const response of [insert, update, remove]) {
        expect(response.status).toBe(403);
        expect((await errorBody(response)).message).toBe("permission denied: 'incident_histories' is changed only through the database, as incidents change");
      }
    }
    const { rows } = await server.pool.query<{ description: string }>('select description from incident_histories where incident_id = $1', [incident]);
    expect(rows).toEqual([{ description: 'Checkout is down' }]);
  });
});

describe('incidents_by_component and incidents_by_config', () => {
  async function listed(view: 'incidents_by_component' | 'incidents_by_config', column: string, id: string): Promise<string[]> {
    const response = await rawFetch(server, token('viewer'), `${view}?select=title&${column}=eq.${id}&order=title`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { title: string }[]).map((row) => row.title);
  }

  it('list each incident once per component and config its evidence points at, following the evidence', async () => {
    const component = await insertOne(`insert into components (name) values ('checkout-api') returning id`);
    const config = await insertOne(`insert into configs (name, type) values ('checkout', 'Kubernetes::Deployment') returning id`);
    const first = await insertOne(`insert into incidents (title, severity) values ('API down', 'high') returning id`);
    const second = await insertOne(`insert into incidents (title) values ('Deployment stuck') returning id`);
    const root = await insertOne(`insert into hypotheses (incident_id, title, type) values ($1, 'root', 'root') returning id`, [first]);
    const factor = await insertOne(`insert into hypotheses (incident_id, parent_id, title, type) values ($1, $2, 'factor', 'factor') returning id`, [first, root]);
    const other = await insertOne(`insert into hypotheses (incident_id, title, type) values ($1, 'root', 'root') returning id`, [second]);

    // Two pieces of evidence on the same component in one incident still list it once.
    await server.pool.query(`insert into evidences (hypothesis_id, type, component_id) values ($1, 'topology', $3), ($2, 'topology', $3)`, [root, factor, component]);
    const configEvidence = await insertOne(`insert into evidences (hypothesis_id, type, config_id) values ($1, 'config', $2) returning id`, [other, config]);
    await server.pool.query(`insert into evidences (hypothesis_id, type, config_id) values ($1, 'config', $2)`, [root, config]);

    expect(await listed('incidents_by_component', 'component_id', component)).toEqual(['API down']);
    expect(await listed('incidents_by_config', 'config_id', config)).toEqual(['API down', 'Deployment stuck']);
    const response = await rawFetch(server, token('viewer'), `incidents_by_component?component_id=eq.${component}&select=id,incident_id,severity,status,type`);
    expect(await response.json()).toEqual([{ id: first, incident_id: expect.any(String), severity: 'high', status: 'open', type: 'availability' }]);

    await server.pool.query('delete from evidences where id = $1', [configEvidence]);
    expect(await listed('incidents_by_config', 'config_id', config)).toEqual(['API down']);
    await server.pool.query('delete from hypotheses where id = $1', [root]);
    expect(await listed('incidents_by_component', 'component_id', component)).toEqual([]);
    expect(await listed('incidents_by_config', 'config_id', config)).toEqual([]);
  });

  it('incident_summary counts hypotheses, evidence and comments and leaves out deleted responders', async () => {
    const incident = await insertOne(`insert into incidents (title) values ('Counted') returning id`);
    const hypothesis = await insertOne(`insert into hypotheses (incident_id, title, type) values ($1, 'root', 'root') returning id`, [incident]);
    await server.pool.query(`insert into evidences (hypothesis_id, type, description) values ($1, 'comment', 'a'), ($1, 'comment', 'b')`, [hypothesis]);
    await server.pool.query(`insert into comments (incident_id, hypothesis_id, comment) values ($1, $2, 'looking')`, [incident, hypothesis]);
    const ada = await insertOne(`insert into people (name) values ('Ada Lovelace') returning id`);
    const grace = await insertOne(`insert into people (name) values ('Grace Hopper') returning id`);
    await server.pool.query(`insert into responders (incident_id, type, person_id) values ($1, 'person', $2)`, [incident, ada]);
    await server.pool.query(`insert into responders (incident_id, type, person_id, deleted_at) values ($1, 'person', $2, now())`, [incident, grace]);

    const response = await rawFetch(server, token('viewer'), `incident_summary?id=eq.${incident}&select=hypotheses_count,evidences_count,comments_count,responders_count,responders`);
    const [row] = (await response.json()) as Record<string, unknown>[];
    expect(row).toMatchObject({ hypotheses_count: 1, evidences_count: 2, comments_count: 1, responders_count: 1 });
    expect((row!['responders'] as { name: string }[]).map((r) => r.name)).toEqual(['Ada Lovelace']);
  });
});
