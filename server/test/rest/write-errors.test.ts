import { randomUUID } from 'node:crypto';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { countRows, errorBody, jsonInit, q, rawFetch, type JsonRow } from './helpers.js';
import { incidentsIn, scope, insertIncident, openWriteFixture, sfx } from './write-fixture.js';

/** Writes through /api/db: bad bodies, constraint violations, and the write running as the caller. */

let server: TestServer;
let token: string;
let db: PostgrestClient;
let me: string;
let other: string;

beforeAll(async () => {
  ({ server, token, db, me, other } = await openWriteFixture());
});

afterAll(async () => {
  await server?.close();
});

describe('bad bodies', () => {
  it('an unknown column in a POST body is 400 PGRST204 and nothing is inserted', async () => {
    const s = scope('unknown');
    const { error, status } = await db.from('incidents').insert({ title: 'x', description: s, nope: true });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'incidents' in the schema cache" });
    expect(await incidentsIn(s)).toEqual([]);
  });

  it('malformed JSON is 400 PGRST102', async () => {
    const raw = await rawFetch(server, token, 'incidents', { method: 'POST', body: '{"title": ', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('PGRST102');
  });

  it.each([
    ['a number', '42'],
    ['a string', '"title"'],
    ['an array of numbers', '[1, 2]'],
    ['null', 'null'],
  ])('a JSON body that is %s is 400 PGRST102', async (_what, body) => {
    const raw = await rawFetch(server, token, 'incidents', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('PGRST102');
  });

  it('a PATCH body that is an array is 400 PGRST102', async () => {
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(scope('array-patch'))}`, jsonInit('PATCH', [{ title: 'x' }]));
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('PGRST102');
  });
});

describe('constraint violations', () => {
  it('unique: 409 23505', async () => {
    const s = scope('unique');
    const incident = await insertIncident('u1', s);
    const { rows } = await server.pool.query<{ incident_id: string }>('select incident_id from incidents where id = $1', [incident]);
    const { error, status } = await db.from('incidents').insert({ title: 'u2', description: s, incident_id: rows[0]?.incident_id });
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
    expect(error?.message).toContain('incidents_incident_id_key');
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['u1']);
  });

  it('foreign key: 409 23503', async () => {
    const { error, status } = await db.from('hypotheses').insert({ incident_id: '00000000-0000-4000-8000-000000000000', title: `orphan-${sfx}` });
    expect(status).toBe(409);
    expect(error?.code).toBe('23503');
    expect(await countRows(server.pool, 'select count(*) as n from hypotheses where title = $1', [`orphan-${sfx}`])).toBe(0);
  });

  it('not null: 400 23502', async () => {
    const { error, status } = await db.from('incidents').insert({ description: scope('not-null') });
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
    expect(error?.message).toContain('"title"');
  });

  it('check: 400 23514', async () => {
    const s = scope('check');
    const { error, status } = await db.from('incidents').insert({ title: 'c', description: s, severity: 'apocalyptic' });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('incidents_severity_check');
    const incident = await insertIncident('c2', s);
    const patch = await db.from('incidents').update({ status: 'exploded' }).eq('id', incident);
    expect(patch.status).toBe(400);
    expect(patch.error?.code).toBe('23514');
    expect((await incidentsIn(s)).map((r) => r.status)).toEqual(['open']);
  });

  it('invalid uuid: 400 22P02 in a body and in a filter, said in words a person can act on', async () => {
    const { error, status } = await db.from('hypotheses').insert({ incident_id: 'not-a-uuid', title: `bad-${sfx}` });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    expect(error?.message).toBe("'not-a-uuid' is not a valid id: a UUID is expected");
    const filter = await db.from('incidents').select('id').eq('id', 'INC-1');
    expect(filter.status).toBe(400);
    expect(filter.error?.code).toBe('22P02');
    expect(filter.error?.message).toBe("'INC-1' is not a valid id: incidents.id takes a UUID");
    const list = await db.from('incidents').select('id').in('id', [randomUUID(), 'bad']);
    expect(list.error?.message).toBe("'bad' is not a valid id: incidents.id takes a UUID");
    // The incident list's component filter (an array of ids).
    const contains = await db.from('incident_summary').select('id').contains('component_ids', ['bad']);
    expect(contains.status).toBe(400);
    expect(contains.error?.message).not.toContain('invalid input syntax');
    expect(contains.error?.message).toContain("'bad' is not a valid id");
  });
});

describe('the write runs as the caller', () => {
  it('history triggers record the caller as the actor of a PATCH', async () => {
    const s = scope('history');
    const incident = await insertIncident('h', s, other);
    const { error } = await db.from('incidents').update({ status: 'investigating' }).eq('id', incident);
    expect(error).toBeNull();
    const { rows } = await server.pool.query<JsonRow>("select type, created_by, properties from incident_histories where incident_id = $1 and type = 'incident.status_updated'", [incident]);
    expect(rows).toEqual([{ type: 'incident.status_updated', created_by: me, properties: { from: 'open', to: 'investigating' } }]);
  });
});
