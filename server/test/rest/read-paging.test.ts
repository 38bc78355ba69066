import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { errorBody, jsonRows, q, rawFetch } from './helpers.js';
import { ALPHA, AMY, BETA, CONFIG_TYPE, configs, DELTA, GAMMA, ids, INCIDENT_SCOPE, pluck, ZED, openReadFixture } from './read-fixture.js';

/** Reads through /api/db: ordering, paging and Range, counts, single objects and the response shape. */

let server: TestServer;
let token: string;
let db: PostgrestClient;

beforeAll(async () => {
  ({ server, token, db } = await openReadFixture());
});

afterAll(async () => {
  await server?.close();
});

describe('ordering', () => {
  it('asc and desc', async () => {
    const asc = await configs().order('name');
    expect(pluck(asc.data, 'name')).toEqual(['db-1', 'web-1', 'web-2']);
    const desc = await configs().order('name', { ascending: false });
    expect(pluck(desc.data, 'name')).toEqual(['web-2', 'web-1', 'db-1']);
  });

  it('NULLs sort last ascending and first descending unless told otherwise', async () => {
    expect(pluck((await configs().order('cost_per_minute')).data, 'name')).toEqual(['web-1', 'web-2', 'db-1']);
    expect(pluck((await configs().order('cost_per_minute', { ascending: false })).data, 'name')).toEqual(['db-1', 'web-2', 'web-1']);
    expect(pluck((await configs().order('cost_per_minute', { nullsFirst: true })).data, 'name')).toEqual(['db-1', 'web-1', 'web-2']);
    expect(pluck((await configs().order('cost_per_minute', { ascending: false, nullsFirst: false })).data, 'name')).toEqual(['web-2', 'web-1', 'db-1']);
  });

  it('orders by several columns, including a JSON path', async () => {
    const { data } = await configs().order('labels->>env').order('name', { ascending: false });
    expect(pluck(data, 'name')).toEqual(['web-2', 'web-1', 'db-1']);
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&order=${q('health.desc.nullslast,name.asc')}`);
    expect(await raw.json()).toEqual([{ name: 'web-2' }, { name: 'web-1' }, { name: 'db-1' }]);
  });

  it('orders by a column of a to-one embedded resource', async () => {
    const asc = await rawFetch(server, token, `incidents?select=title,created_by(name)&description=eq.${q(INCIDENT_SCOPE)}&order=${q('created_by(name).asc,title.asc')}`);
    expect(asc.status).toBe(200);
    expect(await asc.json()).toEqual([
      { title: BETA, created_by: { name: AMY } },
      { title: ALPHA, created_by: { name: ZED } },
      { title: DELTA, created_by: { name: ZED } },
      { title: GAMMA, created_by: null },
    ]);
    const desc = await rawFetch(server, token, `incidents?select=title&description=eq.${q(INCIDENT_SCOPE)}&order=${q('created_by(name).desc.nullslast,title.desc')}`);
    expect(await desc.json()).toEqual([{ title: DELTA }, { title: ALPHA }, { title: BETA }, { title: GAMMA }]);
  });

  it('refuses to order by a to-many embedded resource with PGRST118', async () => {
    const response = await rawFetch(server, token, `incidents?select=title,hypotheses(title)&order=${q('hypotheses(title).asc')}`);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST118');
  });

  it('refuses an unknown direction with PGRST100', async () => {
    const response = await rawFetch(server, token, 'configs?order=name.sideways');
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST100');
  });
});

describe('limit, offset and Range', () => {
  const scoped = `configs?select=name&type=eq.${q(CONFIG_TYPE)}&order=name`;

  it('limit and offset page the rows; Content-Range says which', async () => {
    const response = await rawFetch(server, token, `${scoped}&limit=2&offset=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('1-2/*');
    expect(await response.json()).toEqual([{ name: 'web-1' }, { name: 'web-2' }]);
  });

  it('.range() of postgrest-js', async () => {
    const { data, error } = await configs().order('name').range(0, 1);
    expect(error).toBeNull();
    expect(pluck(data, 'name')).toEqual(['db-1', 'web-1']);
  });

  it('the Range header pages like limit/offset', async () => {
    const first = await rawFetch(server, token, scoped, { headers: { range: '0-1' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-range')).toBe('0-1/*');
    expect(await first.json()).toEqual([{ name: 'db-1' }, { name: 'web-1' }]);

    const open = await rawFetch(server, token, scoped, { headers: { range: '1-' } });
    expect(open.headers.get('content-range')).toBe('1-2/*');
    expect(await open.json()).toEqual([{ name: 'web-1' }, { name: 'web-2' }]);
  });

  it('Range and limit together take the smaller page', async () => {
    const response = await rawFetch(server, token, `${scoped}&limit=1`, { headers: { range: '0-2' } });
    expect(response.headers.get('content-range')).toBe('0-0/*');
    expect(await response.json()).toEqual([{ name: 'db-1' }]);
  });

  it('Range with an exact count: 206 and the total', async () => {
    const response = await rawFetch(server, token, scoped, { headers: { range: '1-1', prefer: 'count=exact' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('1-1/3');
    expect(await response.json()).toEqual([{ name: 'web-1' }]);
  });

  it('refuses a Range that ends before it starts with 416', async () => {
    const response = await rawFetch(server, token, scoped, { headers: { range: '5-2' } });
    expect(response.status).toBe(416);
    expect((await errorBody(response)).code).toBe('PGRST103');
  });

  it('refuses a non-numeric limit with PGRST100', async () => {
    const response = await rawFetch(server, token, `${scoped}&limit=two`);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST100');
  });
});

describe('counts', () => {
  it('count=exact: 200 with the total when every row is returned', async () => {
    const { data, count, status, error } = await db.from('configs').select('name', { count: 'exact' }).eq('type', CONFIG_TYPE).order('name');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(3);
    expect(pluck(data, 'name')).toEqual(['db-1', 'web-1', 'web-2']);
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}`, { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-range')).toBe('0-2/3');
  });

  it('count=exact: 206 when the page is partial', async () => {
    const { data, count, status } = await db.from('configs').select('name', { count: 'exact' }).eq('type', CONFIG_TYPE).order('name').limit(2);
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(pluck(data, 'name')).toEqual(['db-1', 'web-1']);
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&order=name&limit=1&offset=2`, { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('2-2/3');
  });

  it('count=exact with no matching rows: 200 and */0', async () => {
    const raw = await rawFetch(server, token, `configs?type=eq.${q(CONFIG_TYPE)}&name=eq.none`, { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-range')).toBe('*/0');
    expect(await raw.json()).toEqual([]);
  });

  it('count=planned gives the planner estimate in Content-Range', async () => {
    const { count, status, data } = await db.from('configs').select('name', { count: 'planned' }).eq('type', CONFIG_TYPE);
    expect(Number.isInteger(count)).toBe(true);
    expect(count).toBeGreaterThanOrEqual(0);
    expect(pluck(data, 'name')).toHaveLength(3);
    expect(status).toBe((count ?? 0) > 3 ? 206 : 200);
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}`, { headers: { prefer: 'count=planned' } });
    expect(raw.headers.get('content-range')).toMatch(/^0-2\/\d+$/);
  });

  it('count=planned with filters, a JSON path, limit and offset still answers', async () => {
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&labels->>env=eq.prod&order=name&limit=1&offset=1`, { headers: { prefer: 'count=planned' } });
    expect([200, 206]).toContain(raw.status);
    expect(raw.headers.get('content-range')).toMatch(/^1-1\/\d+$/);
    expect(await raw.json()).toEqual([{ name: 'web-1' }]);
  });

  it('count=estimated is exact below the estimate threshold', async () => {
    const { count, status } = await db.from('configs').select('name', { count: 'estimated' }).eq('type', CONFIG_TYPE).limit(1);
    expect(count).toBe(3);
    expect(status).toBe(206);
  });

  it('an offset past the end with a count is 416 PGRST103', async () => {
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&offset=10`, { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(416);
    const body = await errorBody(raw);
    expect(body.code).toBe('PGRST103');
    const viaClient = await db.from('configs').select('name', { count: 'exact' }).eq('type', CONFIG_TYPE).range(10, 12);
    expect(viaClient.status).toBe(416);
    expect(viaClient.error?.code).toBe('PGRST103');
  });

  it('an offset exactly at the end with a count is an empty 206', async () => {
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&offset=3`, { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('*/3');
    expect(await raw.json()).toEqual([]);
  });

  it('an offset past the end without a count is an empty 200', async () => {
    const raw = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&offset=10`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-range')).toBe('*/*');
    expect(await raw.json()).toEqual([]);
  });

  it('HEAD with a count answers headers only', async () => {
    const raw = await rawFetch(server, token, `configs?type=eq.${q(CONFIG_TYPE)}`, { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-range')).toBe('0-2/3');
    expect(await raw.text()).toBe('');
    const partial = await rawFetch(server, token, `configs?type=eq.${q(CONFIG_TYPE)}&limit=1`, { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('0-0/3');

    const { count, data, error, status } = await db.from('configs').select('*', { count: 'exact', head: true }).eq('type', CONFIG_TYPE);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(3);
    expect(data).toBeNull();
  });
});

describe('single objects', () => {
  it('.single() returns the one row as an object', async () => {
    const { data, error, status } = await configs('name,health').eq('name', 'web-2').single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ name: 'web-2', health: 'unhealthy' });
  });

  it('.single() over several rows is 406 PGRST116', async () => {
    const { data, error, status } = await configs().single();
    expect(status).toBe(406);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 3 rows' });
  });

  it('.single() over no rows is 406 PGRST116', async () => {
    const { error, status } = await configs().eq('name', 'none').single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
  });

  it('.maybeSingle(): one row, no row, several rows', async () => {
    const one = await configs().eq('name', 'db-1').maybeSingle();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: 'db-1' });
    const none = await configs().eq('name', 'none').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const several = await configs().maybeSingle();
    expect(several.status).toBe(406);
    expect(several.error?.code).toBe('PGRST116');
  });

  it('the object Accept header over several rows is refused by the server itself', async () => {
    const response = await rawFetch(server, token, `configs?type=eq.${q(CONFIG_TYPE)}`, { headers: { accept: 'application/vnd.pgrst.object+json' } });
    expect(response.status).toBe(406);
    expect(await errorBody(response)).toMatchObject({ code: 'PGRST116' });
  });

  it('refuses a media type it cannot produce with 406 PGRST107', async () => {
    const response = await rawFetch(server, token, `configs?type=eq.${q(CONFIG_TYPE)}`, { headers: { accept: 'text/xml' } });
    expect(response.status).toBe(406);
    expect((await errorBody(response)).code).toBe('PGRST107');
  });
});

describe('statement reuse', () => {
  it('many request shapes, each asked twice with different values, answer their own values', async () => {
    // More shapes than a connection keeps prepared (256), so both paths are taken.
    const names = ['db-1', 'web-1', 'web-2'];
    for (let i = 0; i < 300; i++) {
      const wanted = names[i % 3] ?? 'db-1';
      const other = names[(i + 1) % 3] ?? 'web-1';
      for (const value of [wanted, other]) {
        const response = await rawFetch(server, token, `configs?select=${q(`n${i}:name`)}&type=eq.${q(CONFIG_TYPE)}&name=eq.${q(value)}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([{ [`n${i}`]: value }]);
      }
    }
  });
});

describe('response shape', () => {
  it('answers JSON with every column for select=* (and without select)', async () => {
    const response = await rawFetch(server, token, `configs?id=eq.${ids['db1']}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const [row] = await jsonRows(response);
    expect(row).toMatchObject({ id: ids['db1'], name: 'db-1', type: CONFIG_TYPE, labels: { env: 'prod', tier: 'db' }, cost_per_minute: null, ready: null });
    expect(Object.keys(row ?? {})).toContain('created_at');
  });
});
