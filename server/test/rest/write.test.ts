import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { countRows, errorBody, firstId, insertPerson, jsonInit, jsonRows, personOfEmail, q, rawFetch, restClient, uniqueSuffix, type JsonRow } from './helpers.js';

/**
 * Writes through /api/db: inserts (one, many, minimal, representation, missing=default, upsert),
 * updates and deletes with filters, the caller-owned created_by, and the errors constraint
 * violations and bad bodies answer with.
 */

let server: TestServer;
let token: string;
let db: PostgrestClient;
let me: string;
let other: string;

const sfx = uniqueSuffix();
const SCOPE = `write-${sfx}`;
const EMAIL = `writer-${sfx}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin'], EMAIL);
  db = restClient(server, token);
  me = await personOfEmail(server.pool, EMAIL);
  other = await insertPerson(server.pool, `Other ${sfx}`);
});

afterAll(async () => {
  await server?.close();
});

interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  description: string | null;
  severity: string;
  status: string;
  type: string;
  created_by: string | null;
}

async function incidentsIn(scope: string): Promise<IncidentRow[]> {
  const { rows } = await server.pool.query<IncidentRow>(
    'select id, incident_id, title, description, severity, status, type, created_by from incidents where description = $1 order by title',
    [scope],
  );
  return rows;
}

/** A scope of its own for one test, so row counts are exact. */
function scope(name: string): string {
  return `${SCOPE}-${name}`;
}

async function insertIncident(title: string, description: string, createdBy: string | null = other): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('insert into incidents (title, description, created_by) values ($1, $2, $3) returning id', [title, description, createdBy]);
  return firstId(rows);
}

describe('POST', () => {
  it('inserts one row and returns it with return=representation (201)', async () => {
    const s = scope('one');
    const { data, error, status } = await db.from('incidents').insert({ title: 'first', description: s, severity: 'high' }).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    const row = data as IncidentRow;
    expect(row).toMatchObject({ title: 'first', description: s, severity: 'high', status: 'open', type: 'availability', created_by: me });
    expect(row.incident_id).toMatch(/^INC-\d+$/);
    expect(await incidentsIn(s)).toEqual([row].map(({ id, incident_id, title, description, severity, status: st, type, created_by }) => ({ id, incident_id, title, description, severity, status: st, type, created_by })));
  });

  it('inserts one row with return=minimal: 201 and no body', async () => {
    const s = scope('minimal');
    const { data, error, status } = await db.from('incidents').insert({ title: 'quiet', description: s });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const raw = await rawFetch(server, token, 'incidents', jsonInit('POST', { title: 'quiet-raw', description: s }, { prefer: 'return=minimal' }));
    expect(raw.status).toBe(201);
    expect(await raw.text()).toBe('');
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['quiet', 'quiet-raw']);
  });

  it('inserts an array with a select of columns and an embed', async () => {
    const s = scope('array');
    const raw = await rawFetch(
      server,
      token,
      'incidents?select=title,severity,created_by(name)',
      jsonInit('POST', [{ title: 'a', description: s, severity: 'low' }, { title: 'b', description: s, severity: 'critical' }], { prefer: 'return=representation' }),
    );
    expect(raw.status).toBe(201);
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await raw.json()).toEqual([
      { title: 'a', severity: 'low', created_by: { name: `writer-${sfx}` } },
      { title: 'b', severity: 'critical', created_by: { name: `writer-${sfx}` } },
    ]);
    expect((await incidentsIn(s)).map((r) => [r.title, r.severity, r.created_by])).toEqual([
      ['a', 'low', me],
      ['b', 'critical', me],
    ]);
  });

  it('inserts an array through postgrest-js (columns= with quoted names)', async () => {
    const s = scope('array-client');
    const { data, error, status } = await db
      .from('incidents')
      .insert([
        { title: 'c1', description: s },
        { title: 'c2', description: s },
      ])
      .select('title');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ title: 'c1' }, { title: 'c2' }]);
  });

  it('columns= limits the inserted keys to the named columns', async () => {
    const s = scope('columns');
    const raw = await rawFetch(server, token, 'incidents?columns=title,description&select=title,severity', jsonInit('POST', [{ title: 'k', description: s, severity: 'critical' }], { prefer: 'return=representation' }));
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual([{ title: 'k', severity: 'low' }]);
  });

  it('an empty array inserts nothing: 201', async () => {
    const raw = await rawFetch(server, token, 'incidents', jsonInit('POST', [], { prefer: 'return=representation' }));
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual([]);
  });

  it('sets created_by from the caller even when the body names another person', async () => {
    const s = scope('creator');
    const { data, error } = await db.from('incidents').insert({ title: 'mine', description: s, created_by: other }).select('created_by').single();
    expect(error).toBeNull();
    expect(data).toEqual({ created_by: me });
    const raw = await rawFetch(server, token, `incidents?columns=title,description,created_by`, jsonInit('POST', [{ title: 'mine-too', description: s, created_by: other }]));
    expect(raw.status).toBe(201);
    expect((await incidentsIn(s)).map((r) => r.created_by)).toEqual([me, me]);
  });

  it('missing=default gives absent keys their column default (raw array of different shapes)', async () => {
    const s = scope('defaults');
    const raw = await rawFetch(
      server,
      token,
      'incidents?select=title,severity,status',
      jsonInit('POST', [{ title: 'd1', description: s, severity: 'high' }, { title: 'd2', description: s }], { prefer: 'return=representation, missing=default' }),
    );
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual([
      { title: 'd1', severity: 'high', status: 'open' },
      { title: 'd2', severity: 'low', status: 'open' },
    ]);
  });

  it('without missing=default an absent key of an array row is NULL (here refused: severity is NOT NULL)', async () => {
    const s = scope('nulls');
    const raw = await rawFetch(server, token, 'incidents', jsonInit('POST', [{ title: 'n1', description: s, severity: 'high' }, { title: 'n2', description: s }]));
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('23502');
    expect(await incidentsIn(s)).toEqual([]);
  });

  it('missing=default also applies when columns= is given (postgrest-js defaultToNull: false)', async () => {
    const s = scope('defaults-columns');
    const raw = await rawFetch(
      server,
      token,
      'incidents?columns=title,description,severity&select=title,severity',
      jsonInit('POST', [{ title: 'e1', description: s, severity: 'high' }, { title: 'e2', description: s }], { prefer: 'return=representation,missing=default' }),
    );
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual([
      { title: 'e1', severity: 'high' },
      { title: 'e2', severity: 'low' },
    ]);
  });

  it('postgrest-js insert with defaultToNull: false on one object', async () => {
    const s = scope('default-client');
    const { data, error, status } = await db.from('incidents').insert({ title: 'dc', description: s }, { defaultToNull: false }).select('title,severity,type').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: 'dc', severity: 'low', type: 'availability' });
  });

  it('.insert([two]).select().single() is 406 and inserts nothing', async () => {
    const s = scope('single');
    const raw = await rawFetch(
      server,
      token,
      'incidents',
      jsonInit('POST', [{ title: 's1', description: s }, { title: 's2', description: s }], { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' }),
    );
    expect(raw.status).toBe(406);
    expect((await errorBody(raw)).code).toBe('PGRST116');
    expect(await incidentsIn(s)).toEqual([]);
  });

  it('.insert(one).select().single() through postgrest-js answers the object', async () => {
    const s = scope('single-ok');
    const { data, error, status } = await db.from('incidents').insert({ title: 'only', description: s }).select('title').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: 'only' });
  });
});

describe('upsert', () => {
  it('merges on the primary key by default, ignores with ignoreDuplicates', async () => {
    const name = `flag-${sfx}.disable`;
    const first = await db.from('properties').upsert({ name, value: 'true' }).select('name,value,created_by').single();
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    expect(first.data).toEqual({ name, value: 'true', created_by: me });

    const merged = await db.from('properties').upsert({ name, value: 'false', description: 'merged' }).select('name,value,description');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ name, value: 'false', description: 'merged' }]);

    const ignored = await db.from('properties').upsert({ name, value: 'ignored' }, { ignoreDuplicates: true }).select('name,value');
    expect(ignored.error).toBeNull();
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
    const { rows } = await server.pool.query<{ value: string; description: string | null }>('select value, description from properties where name = $1', [name]);
    expect(rows).toEqual([{ value: 'false', description: 'merged' }]);
  });

  it('onConflict names a unique column; the existing row keeps its creator', async () => {
    const s = scope('upsert');
    const existing = await insertIncident('before', s, other);
    const { rows } = await server.pool.query<{ incident_id: string }>('select incident_id from incidents where id = $1', [existing]);
    const incidentId = rows[0]?.incident_id;
    const { data, error, status } = await db
      .from('incidents')
      .upsert({ incident_id: incidentId, title: 'after', description: s, severity: 'blocker' }, { onConflict: 'incident_id' })
      .select('id,title,severity,created_by');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ id: existing, title: 'after', severity: 'blocker', created_by: other }]);

    const fresh = await db.from('incidents').upsert({ incident_id: `INC-${sfx}`, title: 'new', description: s }, { onConflict: 'incident_id' }).select('incident_id,created_by');
    expect(fresh.data).toEqual([{ incident_id: `INC-${sfx}`, created_by: me }]);
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['after', 'new']);
  });

  it('an array upsert through the raw API merges each row', async () => {
    const a = `flag-a-${sfx}`;
    const b = `flag-b-${sfx}`;
    await server.pool.query("insert into properties (name, value) values ($1, 'old')", [a]);
    const raw = await rawFetch(server, token, 'properties?on_conflict=name&select=name,value&order=name', jsonInit('POST', [{ name: a, value: 'new-a' }, { name: b, value: 'new-b' }], { prefer: 'resolution=merge-duplicates,return=representation' }));
    expect(raw.status).toBe(201);
    expect((await jsonRows(raw)).map((r) => [r['name'], r['value']]).sort()).toEqual([
      [a, 'new-a'],
      [b, 'new-b'],
    ]);
  });

  it('onConflict on a column without a unique constraint is 400 42P10', async () => {
    const { error, status } = await db.from('incidents').upsert({ title: 'x', description: scope('bad-conflict') }, { onConflict: 'title' });
    expect(status).toBe(400);
    expect(error?.code).toBe('42P10');
  });
});

describe('PATCH', () => {
  it('updates the filtered rows; representation answers 200 with them', async () => {
    const s = scope('patch');
    await insertIncident('p1', s);
    await insertIncident('p2', s);
    await insertIncident('p3', s);
    const { data, error, status } = await db.from('incidents').update({ status: 'mitigated' }).eq('description', s).in('title', ['p1', 'p3']).select('title,status').order('title');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { title: 'p1', status: 'mitigated' },
      { title: 'p3', status: 'mitigated' },
    ]);
    expect((await incidentsIn(s)).map((r) => [r.title, r.status])).toEqual([
      ['p1', 'mitigated'],
      ['p2', 'open'],
      ['p3', 'mitigated'],
    ]);
  });

  it('return=minimal answers 204 with no body and the Content-Range of the touched rows', async () => {
    const s = scope('patch-minimal');
    await insertIncident('m1', s);
    await insertIncident('m2', s);
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(s)}`, jsonInit('PATCH', { severity: 'medium' }, { prefer: 'return=minimal' }));
    expect(raw.status).toBe(204);
    expect(raw.headers.get('content-range')).toBe('0-1/*');
    expect(await raw.text()).toBe('');
    const { status, data, error } = await db.from('incidents').update({ severity: 'high' }).eq('description', s).eq('title', 'm2');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect((await incidentsIn(s)).map((r) => r.severity)).toEqual(['medium', 'high']);
  });

  it('.update().select().single() over several rows is 406 and changes nothing', async () => {
    const s = scope('patch-single');
    await insertIncident('ps1', s);
    await insertIncident('ps2', s);
    const { error, status } = await db.from('incidents').update({ severity: 'critical' }).eq('description', s).select('title').single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect((await incidentsIn(s)).map((r) => r.severity)).toEqual(['low', 'low']);
    const one = await db.from('incidents').update({ severity: 'critical' }).eq('description', s).eq('title', 'ps2').select('title,severity').single();
    expect(one.status).toBe(200);
    expect(one.data).toEqual({ title: 'ps2', severity: 'critical' });
  });

  it('a filter that matches nothing changes nothing: 200 []', async () => {
    const { data, status } = await db.from('incidents').update({ title: 'never' }).eq('description', scope('nothing')).select();
    expect(status).toBe(200);
    expect(data).toEqual([]);
  });

  it('cannot change created_by', async () => {
    const s = scope('patch-creator');
    const incident = await insertIncident('owned', s, other);
    const { data, error } = await db.from('incidents').update({ title: 'renamed', created_by: me }).eq('id', incident).select('title,created_by');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'renamed', created_by: other }]);
    const onlyCreator = await rawFetch(server, token, `incidents?id=eq.${incident}`, jsonInit('PATCH', { created_by: me }, { prefer: 'return=representation' }));
    expect(onlyCreator.status).toBe(200);
    expect(await onlyCreator.json()).toEqual([]);
    expect((await incidentsIn(s)).map((r) => [r.title, r.created_by])).toEqual([['renamed', other]]);
  });

  it('refuses a PATCH without any filter with 400 21000 and changes nothing', async () => {
    const s = scope('patch-all');
    await insertIncident('keep', s);
    const before = await countRows(server.pool, "select count(*) as n from incidents where severity = 'info'");
    const raw = await rawFetch(server, token, 'incidents', jsonInit('PATCH', { severity: 'info' }));
    expect(raw.status).toBe(400);
    const body = await errorBody(raw);
    expect(body.code).toBe('21000');
    expect(body.message).toBe('UPDATE requires a WHERE clause');
    const withModifiersOnly = await rawFetch(server, token, 'incidents?select=id&order=title&limit=1', jsonInit('PATCH', { severity: 'info' }));
    expect(withModifiersOnly.status).toBe(400);
    expect((await errorBody(withModifiersOnly)).code).toBe('21000');
    expect(await countRows(server.pool, "select count(*) as n from incidents where severity = 'info'")).toBe(before);
    expect((await incidentsIn(s)).map((r) => r.severity)).toEqual(['low']);
  });

  it('refuses an unknown column in the body with PGRST204', async () => {
    const s = scope('patch-unknown');
    const incident = await insertIncident('u', s);
    const { error, status } = await db.from('incidents').update({ nope: 1 }).eq('id', incident);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'incidents' in the schema cache" });
  });
});

describe('DELETE', () => {
  it('deletes the filtered rows: minimal 204, representation 200 with the deleted rows', async () => {
    const s = scope('delete');
    await insertIncident('d1', s);
    await insertIncident('d2', s);
    await insertIncident('d3', s);
    const minimal = await rawFetch(server, token, `incidents?description=eq.${q(s)}&title=eq.d1`, { method: 'DELETE' });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('content-range')).toBe('0-0/*');
    expect(await minimal.text()).toBe('');
    const represented = await rawFetch(server, token, `incidents?description=eq.${q(s)}&title=eq.d2&select=title`, { method: 'DELETE', headers: { prefer: 'return=representation' } });
    expect(represented.status).toBe(200);
    expect(await represented.json()).toEqual([{ title: 'd2' }]);
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['d3']);
  });

  it('deletes through postgrest-js (Content-Type: application/json, empty body)', async () => {
    const s = scope('delete-client');
    await insertIncident('x1', s);
    await insertIncident('x2', s);
    const minimal = await db.from('incidents').delete().eq('description', s).eq('title', 'x1');
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(204);
    const represented = await db.from('incidents').delete().eq('description', s).select('title');
    expect(represented.error).toBeNull();
    expect(represented.data).toEqual([{ title: 'x2' }]);
    expect(await incidentsIn(s)).toEqual([]);
  });

  it('refuses a DELETE without any filter with 400 21000 and deletes nothing', async () => {
    const s = scope('delete-all');
    await insertIncident('stay', s);
    const before = await countRows(server.pool, 'select count(*) as n from incidents');
    const raw = await rawFetch(server, token, 'incidents', { method: 'DELETE' });
    expect(raw.status).toBe(400);
    const body = await errorBody(raw);
    expect(body).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const withModifiersOnly = await rawFetch(server, token, 'incidents?select=id&limit=1', { method: 'DELETE', headers: { prefer: 'return=representation' } });
    expect(withModifiersOnly.status).toBe(400);
    expect((await errorBody(withModifiersOnly)).code).toBe('21000');
    expect(await countRows(server.pool, 'select count(*) as n from incidents')).toBe(before);
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['stay']);
  });
});

describe('modifiers a write must not drop', () => {
  it('PATCH ?order=title&limit=1 changes at most one row', async () => {
    const s = scope('limited-patch');
    await insertIncident('la', s);
    await insertIncident('lb', s);
    await insertIncident('lc', s);
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(s)}&order=title&limit=1`, jsonInit('PATCH', { severity: 'blocker' }));
    const severities = (await incidentsIn(s)).map((r) => r.severity);
    if (raw.ok) expect(severities).toEqual(['blocker', 'low', 'low']);
    else expect(severities).toEqual(['low', 'low', 'low']);
  });

  it('DELETE ?order=title&limit=1 deletes at most one row', async () => {
    const s = scope('limited-delete');
    await insertIncident('la', s);
    await insertIncident('lb', s);
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(s)}&order=title&limit=1`, { method: 'DELETE' });
    const titles = (await incidentsIn(s)).map((r) => r.title);
    if (raw.ok) expect(titles).toEqual(['lb']);
    else expect(titles).toEqual(['la', 'lb']);
  });

  it('with return=representation, a filter on a path that is not embedded refuses the write (PGRST108)', async () => {
    const s = scope('embedded-filter-repr');
    await insertIncident('e1', s);
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(s)}&hypotheses.status=eq.proven`, { method: 'DELETE', headers: { prefer: 'return=representation' } });
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('PGRST108');
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['e1']);
  });

  it('with return=minimal, the same DELETE is refused too instead of deleting every row', async () => {
    const s = scope('embedded-filter-minimal');
    await insertIncident('e1', s);
    await insertIncident('e2', s);
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(s)}&hypotheses.status=eq.proven`, { method: 'DELETE' });
    expect((await incidentsIn(s)).map((r) => r.title)).toEqual(['e1', 'e2']);
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('PGRST108');
  });

  it('with return=minimal, a PATCH with such a filter is refused too', async () => {
    const s = scope('embedded-filter-patch');
    await insertIncident('e1', s);
    const raw = await rawFetch(server, token, `incidents?description=eq.${q(s)}&hypotheses.status=eq.proven`, jsonInit('PATCH', { severity: 'critical' }));
    expect((await incidentsIn(s)).map((r) => r.severity)).toEqual(['low']);
    expect(raw.status).toBe(400);
  });
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

  it('invalid uuid: 400 22P02 in a body and in a filter', async () => {
    const { error, status } = await db.from('hypotheses').insert({ incident_id: 'not-a-uuid', title: `bad-${sfx}` });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    const filter = await db.from('incidents').select('id').eq('id', 'not-a-uuid');
    expect(filter.status).toBe(400);
    expect(filter.error?.code).toBe('22P02');
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
