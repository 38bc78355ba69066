import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { countRows, errorBody, jsonInit, q, rawFetch } from './helpers.js';
import { incidentsIn, scope, insertIncident, openWriteFixture } from './write-fixture.js';

/** Writes through /api/db: updates and deletes with filters, and the modifiers a write must not drop. */

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
