import type { TopologyResponse } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, personOfEmail, rawFetch, restClient } from '../rest/helpers.js';
import { uniqueEmail } from '../support/identity.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';
import { TopologySeed } from '../topology/api-seed.js';

/**
 * An incident is never removed: a DELETE, whoever sends it and however wide its filter, marks the
 * incident deleted (when and by whom) with a changelog entry, keeps its history, hypotheses and
 * comments, and takes it off the lists. Only an administrator brings it back. A database of its own,
 * since the widest DELETE reaches every incident there is.
 */

let database: FreshDatabase;
let server: TestServer;
let adminToken: string;
let responderToken: string;
let responderId: string;
let adminId: string;
let viewerToken: string;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  const adminEmail = uniqueEmail('admin');
  const responderEmail = uniqueEmail('responder');
  adminToken = await server.tokenFor(['admin'], adminEmail);
  responderToken = await server.tokenFor(['responder'], responderEmail);
  viewerToken = await server.tokenFor(['viewer']);
  adminId = await personOfEmail(server.pool, adminEmail);
  responderId = await personOfEmail(server.pool, responderEmail);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** Opens an incident through the data service, with a root hypothesis and a comment. */
async function openIncident(title: string): Promise<string> {
  const db = restClient(server, adminToken);
  const { data } = await db.from('incidents').insert({ title }).select('id').single().throwOnError();
  const id = (data as { id: string }).id;
  const hypothesis = await db.from('hypotheses').insert({ incident_id: id, title, type: 'root', status: 'possible' }).select('id').single().throwOnError();
  await db.from('comments').insert({ incident_id: id, hypothesis_id: (hypothesis.data as { id: string }).id, comment: `about ${title}` }).throwOnError();
  return id;
}

async function stored(id: string) {
  const { rows } = await server.pool.query<{ deleted_at: Date | null; deleted_by: string | null; hypotheses: number; comments: number; history: string[] }>(
    `select i.deleted_at, i.deleted_by,
            (select count(*)::int from hypotheses where incident_id = i.id) as hypotheses,
            (select count(*)::int from comments where incident_id = i.id) as comments,
            (select array_agg(type order by created_at, type) from incident_histories where incident_id = i.id) as history
       from incidents i where i.id = $1`,
    [id],
  );
  return rows[0];
}

async function listed(token: string): Promise<string[]> {
  const { data } = await restClient(server, token).from('incident_summary').select('id').throwOnError();
  return ((data ?? []) as { id: string }[]).map((row) => row.id);
}

describe('DELETE /api/db/incidents', () => {
  it("a responder's DELETE of every incident marks them deleted, keeps their history, and takes them off the list", async () => {
    const first = await openIncident('Checkout down');
    const second = await openIncident('Payments slow');
    expect(await listed(responderToken)).toEqual(expect.arrayContaining([first, second]));

    const response = await rawFetch(server, responderToken, 'incidents?id=not.is.null&select=id,deleted_at', { method: 'DELETE', headers: { prefer: 'return=representation' } });
    expect(response.status).toBe(200);
    const answered = (await response.json()) as { id: string; deleted_at: string | null }[];
    expect(answered.map((row) => row.id).sort()).toEqual([first, second].sort());
    expect(answered.every((row) => row.deleted_at !== null)).toBe(true);

    for (const id of [first, second]) {
      const row = await stored(id);
      expect(row).toMatchObject({ deleted_by: responderId, hypotheses: 1, comments: 1 });
      expect(row?.deleted_at).toBeInstanceOf(Date);
      expect(row?.history).toEqual(expect.arrayContaining(['incident.created', 'hypothesis.created', 'responder.commented', 'incident.deleted']));
    }
    const { rows } = await server.pool.query<{ created_by: string }>(`select created_by from incident_histories where incident_id = $1 and type = 'incident.deleted'`, [first]);
    expect(rows).toEqual([{ created_by: responderId }]);
    expect(await listed(responderToken)).toEqual([]);
    const { data } = await restClient(server, viewerToken).from('incidents').select('deleted_at,deleter:deleted_by(id)').eq('id', first).single().throwOnError();
    expect(data).toMatchObject({ deleter: { id: responderId } });
  });

  it('a second DELETE of a deleted incident changes nothing', async () => {
    const id = await openIncident('Twice');
    await restClient(server, responderToken).from('incidents').delete().eq('id', id).throwOnError();
    const before = await stored(id);
    const again = await restClient(server, adminToken).from('incidents').delete().eq('id', id).select('id');
    expect(again.status).toBe(200);
    expect(again.data).toEqual([]);
    expect(await stored(id)).toEqual(before);
  });

  it('a viewer may not delete an incident at all', async () => {
    const id = await openIncident('Viewer tries');
    const response = await rawFetch(server, viewerToken, `incidents?id=eq.${id}`, { method: 'DELETE' });
    expect(response.status).toBe(403);
    expect((await stored(id))?.deleted_at).toBeNull();
  });

  it('a DELETE in SQL also only marks the incident deleted', async () => {
    const id = await openIncident('By hand');
    const removed = await server.pool.query('delete from incidents where id = $1', [id]);
    expect(removed.rowCount).toBe(0);
    const row = await stored(id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.history).toContain('incident.deleted');
  });
});

describe('restoring a deleted incident', () => {
  it('is refused to a responder with the reason, and done by an administrator with a changelog entry', async () => {
    const id = await openIncident('Restore me');
    await restClient(server, responderToken).from('incidents').delete().eq('id', id).throwOnError();

    const refused = await rawFetch(server, responderToken, `incidents?id=eq.${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deleted_at: null }),
    });
    expect(refused.status).toBe(403);
    const reason = await errorBody(refused);
    expect(reason.message).toBe('Only an administrator can restore a deleted incident');
    expect(reason.hint).toBe("Ask an administrator to restore it on the incident's page.");
    expect((await stored(id))?.deleted_by).toBe(responderId);

    const restored = await restClient(server, adminToken).from('incidents').update({ deleted_at: null }).eq('id', id).select('deleted_at,deleted_by').single();
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({ deleted_at: null, deleted_by: null });
    expect(await listed(responderToken)).toContain(id);
    const { rows } = await server.pool.query<{ created_by: string }>(`select created_by from incident_histories where incident_id = $1 and type = 'incident.restored'`, [id]);
    expect(rows).toEqual([{ created_by: adminId }]);
  });

  it('keeps who deleted it and when: neither can be rewritten', async () => {
    const id = await openIncident('Who did it');
    await restClient(server, responderToken).from('incidents').delete().eq('id', id).throwOnError();
    const before = await stored(id);
    const rewrite = await restClient(server, responderToken).from('incidents').update({ deleted_by: adminId, deleted_at: '2020-01-01T00:00:00Z' }).eq('id', id).select('id');
    expect(rewrite.error).toBeNull();
    expect(await stored(id)).toEqual(before);
  });
});

describe("a component's open incidents", () => {
  async function incidentsOf(component: string) {
    const response = await fetch(`${server.url}/api/topology?id=${component}`, { headers: { authorization: `Bearer ${viewerToken}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as TopologyResponse).components[0]?.summary.incidents;
  }

  it('leave out a deleted incident, and count it again once restored', async () => {
    const seed = new TopologySeed(server.pool);
    const component = await seed.component({ name: 'checkout', type: 'Service', status: 'unhealthy' });
    const incident = await seed.incident({ title: 'checkout failing', type: 'availability', severity: 'high', status: 'open', components: [component] });
    expect(await incidentsOf(component)).toEqual({ availability: { high: 1 } });

    await restClient(server, responderToken).from('incidents').delete().eq('id', incident).throwOnError();
    expect(await incidentsOf(component)).toEqual({});

    await restClient(server, adminToken).from('incidents').update({ deleted_at: null }).eq('id', incident).throwOnError();
    expect(await incidentsOf(component)).toEqual({ availability: { high: 1 } });
  });
});
