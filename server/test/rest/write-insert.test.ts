import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { errorBody, jsonInit, jsonRows, rawFetch } from './helpers.js';
import { incidentsIn, scope, insertIncident, openWriteFixture, sfx, type IncidentRow } from './write-fixture.js';

/** Writes through /api/db: inserts (one, many, minimal, representation, missing=default) and upserts, with the caller-owned created_by. */

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
