import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * The list's component filter (GET /api/db/incident_summary?component_ids=cs.{id}) reads the
 * components of each incident's evidence from incident_components, which triggers keep as evidence
 * is added, re-pointed, moved and removed, and as hypotheses are moved and removed.
 */

let database: FreshDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function listed(component: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/db/incident_summary?select=id,component_ids&component_ids=cs.{${component}}&order=created_at.desc`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }[]).map((row) => row.id);
}

async function componentsOf(incident: string): Promise<string[]> {
  const { rows } = await server.pool.query<{ component_ids: string[] }>('select component_ids from incident_summary where id = $1', [incident]);
  return [...rows[0]!.component_ids].sort();
}

describe('incident components', () => {
  it('follow the evidence of each incident', async () => {
    const { rows: components } = await server.pool.query<{ id: string }>(`insert into components (name) values ('api'), ('db'), ('cache') returning id`);
    const [api, db, cache] = components.map((row) => row.id) as [string, string, string];
    const { rows: incidents } = await server.pool.query<{ id: string }>(`insert into incidents (title) values ('first'), ('second') returning id`);
    const [first, second] = incidents.map((row) => row.id) as [string, string];
    expect(await componentsOf(first)).toEqual([]);

    const { rows: roots } = await server.pool.query<{ id: string; incident_id: string }>(
      `insert into hypotheses (incident_id, title, type) values ($1, 'root', 'root'), ($2, 'root', 'root') returning id, incident_id`,
      [first, second],
    );
    const rootOf = (incident: string) => roots.find((row) => row.incident_id === incident)!.id;
    const { rows: factors } = await server.pool.query<{ id: string }>(`insert into hypotheses (incident_id, parent_id, title, type) values ($1, $2, 'factor', 'factor') returning id`, [first, rootOf(first)]);
    const factor = factors[0]!.id;

    const { rows: evidences } = await server.pool.query<{ id: string }>(
      `insert into evidences (hypothesis_id, type, component_id) values ($1, 'topology', $3), ($2, 'log', $4), ($1, 'comment', null) returning id`,
      [rootOf(first), factor, api, db],
    );
    expect(await componentsOf(first)).toEqual([api, db].sort());
    expect(await listed(api)).toEqual([first]);
    expect(await listed(db)).toEqual([first]);

    // Re-pointed at another component, then moved to the other incident.
    await server.pool.query(`update evidences set component_id = $2 where id = $1`, [evidences[0]!.id, cache]);
    expect(await componentsOf(first)).toEqual([db, cache].sort());
    expect(await listed(api)).toEqual([]);
    await server.pool.query(`update evidences set hypothesis_id = $2 where id = $1`, [evidences[0]!.id, rootOf(second)]);
    expect(await listed(cache)).toEqual([second]);
    expect(await componentsOf(first)).toEqual([db]);

    // The factor removed with its evidence; the other incident's evidence deleted.
    await server.pool.query(`delete from hypotheses where id = $1`, [factor]);
    expect(await componentsOf(first)).toEqual([]);
    expect(await listed(db)).toEqual([]);
    await server.pool.query(`delete from evidences where id = $1`, [evidences[0]!.id]);
    expect(await componentsOf(second)).toEqual([]);
    expect(await listed(cache)).toEqual([]);
  });

  it('pages on from a row of the list, ties on created_at broken by id, as /incidents reads its next page', async () => {
    // Ten incidents created in one statement share created_at.
    await server.pool.query(`insert into incidents (title, status) select 'tied ' || g, 'investigating' from generate_series(1, 10) g`);
    const page = async (query: string): Promise<{ id: string; created_at: string }[]> => {
      const response = await fetch(`${server.url}/api/db/incident_summary?select=id,created_at&status=eq.investigating&order=created_at.desc,id.desc&${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as { id: string; created_at: string }[];
    };
    const all = await page('limit=20');
    expect(all).toHaveLength(10);
    const first = await page('offset=0&limit=4');
    const last = first.at(-1)!;
    const or = `(created_at.lt.${last.created_at},and(created_at.eq.${last.created_at},id.lt.${last.id}))`;
    const next = await page(`created_at=lte.${encodeURIComponent(last.created_at)}&or=${encodeURIComponent(or)}&offset=0&limit=4`);
    expect([...first, ...next].map((row) => row.id)).toEqual(all.slice(0, 8).map((row) => row.id));
  });
});
