import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { attackValues, expectDatabaseIntact, type AttackTarget, DROP, expectError, startAttackTarget } from './attack-fixture.js';
import { countRows, jsonInit, q, rawFetch } from './helpers.js';

/**
 * Hostile input where a request carries data: filter values, in-lists, JSON path keys, headers,
 * body keys and values, and function arguments. Values must come back as data, keys and argument
 * names must be refused before any SQL runs, and the database must be untouched afterwards.
 */

let server: TestServer;
let token: string;
let db: PostgrestClient;
let target: AttackTarget;
let configId: string;

const { sfx, SCOPE, TITLES } = attackValues();

beforeAll(async () => {
  ({ server, token, db, configId } = target = await startAttackTarget({ sfx, SCOPE, TITLES }));
});

afterAll(async () => {
  await server?.close();
});

describe('filter values are data', () => {
  it.each(Object.entries(TITLES))('eq finds the %s title exactly and only it', async (_kind, title) => {
    const { data, error, status } = await db.from('incidents').select('title').eq('description', SCOPE).eq('title', title);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ title }]);
  });

  it(`title=eq.${DROP} returns [] and executes nothing`, async () => {
    const response = await rawFetch(server, token, `incidents?title=eq.${q(DROP)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    const viaClient = await db.from('people').select('id').eq('name', "'; delete from people where ''='");
    expect(viaClient.data).toEqual([]);
  });

  it('comments and semicolons in like, ilike, match and fts values', async () => {
    // The values are patterns over the stored titles: the one title that holds them matches.
    for (const [op, value, expected] of [
      ['like', '*; drop table people; --*', [TITLES.drop]],
      ['ilike', "*' or '1'='1*", []],
      ['match', "'; drop table people; --", [TITLES.drop]],
      ['imatch', "^X'.* or 1=1", []],
      ['plfts', "x' | 'y'); drop table people; --", []],
      ['lte', "'' or 1=1 --", []],
    ] as const) {
      const response = await rawFetch(server, token, `incidents?select=title&description=eq.${q(SCOPE)}&title=${op}.${q(value)}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected.map((title) => ({ title })));
    }
    const neq = await rawFetch(server, token, `incidents?select=title&description=eq.${q(SCOPE)}&title=neq.${q('*/ or 1=1 /*')}`);
    expect(((await neq.json()) as unknown[]).length).toBe(Object.keys(TITLES).length);
  });

  it('like keeps a quote, a comment and unicode inside the pattern', async () => {
    const { data } = await db.from('incidents').select('title').eq('description', SCOPE).like('title', "O'Brien*' or '1'='1");
    expect(data).toEqual([]);
    const found = await db.from('incidents').select('title').eq('description', SCOPE).like('title', `*; -- /* c */ ${sfx}`);
    expect(found.data).toEqual([{ title: TITLES.quotes }]);
    const unicode = await db.from('incidents').select('title').eq('description', SCOPE).like('title', '*👩‍🚀*');
    expect(unicode.data).toEqual([{ title: TITLES.emoji }]);
  });

  it('in.() lists: quoted items with commas, parentheses and escaped quotes are whole values', async () => {
    const list = `("a,b(c)\\"d ${sfx}","${DROP}",'),(x')`;
    const response = await rawFetch(server, token, `incidents?select=title&description=eq.${q(SCOPE)}&title=in.${q(list)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ title: TITLES.parens }]);
    const clientIn = await db.from('incidents').select('title').eq('description', SCOPE).in('title', [TITLES.spanish, TITLES.drop, TITLES.rtl]).order('title');
    expect((clientIn.data as { title: string }[]).map((r) => r.title).sort()).toEqual([TITLES.drop, TITLES.spanish, TITLES.rtl].sort());
  });

  it('an in.() list that tries to close itself early is one odd value', async () => {
    const response = await rawFetch(server, token, `incidents?select=title&description=eq.${q(SCOPE)}&title=in.${q("(x);drop table people;--)")}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    const uuid = await rawFetch(server, token, `incidents?id=in.${q("(1);drop table people;--)")}`);
    await expectError(uuid, 400, '22P02');
  });

  it('values inside or=() trees: quoted values stay data, an early close is a parse error', async () => {
    const ok = await rawFetch(server, token, `incidents?select=title&description=eq.${q(SCOPE)}&or=${q(`(title.eq."${TITLES.parens.replace(/"/g, '\\"')}",title.eq."${DROP}")`)}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual([{ title: TITLES.parens }]);
    const broken = await rawFetch(server, token, `incidents?or=${q("(title.eq.x'),id.eq.1);drop table people;--)")}`);
    await expectError(broken, 400, 'PGRST100');
  });

  it('an fts language with SQL in it is data: PostgreSQL refuses it as a name (400), nothing runs', async () => {
    const response = await rawFetch(server, token, `incidents?title=${q("fts(english'; drop table people; --).x")}`);
    await expectError(response, 400, /^42(602|704)$/);
  });

  it('a NUL byte in a value is refused cleanly (400), not a crash', async () => {
    const response = await rawFetch(server, token, `incidents?title=eq.a%00b`);
    await expectError(response, 400, /^22/);
    const body = await rawFetch(server, token, 'incidents', jsonInit('POST', { title: 'nul\u0000byte', description: SCOPE }));
    await expectError(body, 400, /^22/);
    expect(await countRows(server.pool, "select count(*) as n from incidents where description = $1 and title like 'nul%'", [SCOPE])).toBe(0);
  });
});

describe('JSON path keys are bound values', () => {
  it.each([
    ["labels->>a'b", "a'b", 'quote-key'],
    ['labels->>"x\\"y"', 'x"y', 'dquote-key'],
    ['labels->>"drop; --"', 'drop; --', 'semi-key'],
    ['labels->>ñ🚀', 'ñ🚀', 'unicode-key'],
  ])('select %s reads the key %s', async (path, key, value) => {
    const response = await rawFetch(server, token, `configs?select=${q(path)}&id=eq.${configId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ [key]: value }]);
    const filtered = await rawFetch(server, token, `configs?select=id&${q(path)}=eq.${q(value)}&type=eq.${q(`Attack::${sfx}`)}`);
    expect(filtered.status).toBe(200);
    expect(await filtered.json()).toEqual([{ id: configId }]);
  });

  it("a key that tries to leave the path (labels->>a');drop table people;--) is refused or is just a missing key", async () => {
    const bare = await rawFetch(server, token, `configs?select=v:${q("labels->>a');drop table people;--")}&id=eq.${configId}`);
    await expectError(bare, 400, 'PGRST100');
    const quoted = await rawFetch(server, token, `configs?select=v:${q('labels->>"a\');drop table people;--"')}&id=eq.${configId}`);
    expect(quoted.status).toBe(200);
    expect(await quoted.json()).toEqual([{ v: null }]);
    const order = await rawFetch(server, token, `configs?select=id&id=eq.${configId}&order=${q("labels->>x'--.desc")}`);
    expect(order.status).toBe(200);
    expect(await order.json()).toEqual([{ id: configId }]);
  });
});

describe('headers', () => {
  it('a Range header with SQL is 416, never run', async () => {
    for (const range of ['0-1; drop table people', "0-'1'", '-1', '0-1,5-6', 'items=0-1 or 1=1']) {
      const response = await rawFetch(server, token, `incidents?description=eq.${q(SCOPE)}`, { headers: { range } });
      await expectError(response, 416, 'PGRST103');
    }
  });

  it('a Prefer header with SQL is ignored', async () => {
    const count = await rawFetch(server, token, `incidents?select=title&description=eq.${q(SCOPE)}`, { headers: { prefer: "count=exact'; drop table people; --" } });
    expect(count.status).toBe(200);
    expect(count.headers.get('content-range')).toBe(`0-${Object.keys(TITLES).length - 1}/*`);
    const write = await rawFetch(server, token, 'incidents', jsonInit('POST', { title: `prefer ${sfx}`, description: `${SCOPE}-prefer` }, { prefer: 'return=representation/**/, missing=default;--' }));
    expect(write.status).toBe(201);
    expect(await write.text()).toBe('');
  });
});

describe('bodies', () => {
  it('a body key with SQL is PGRST204 and nothing is written', async () => {
    const response = await rawFetch(server, token, 'incidents', jsonInit('POST', { title: 'k', description: SCOPE, 'title; drop table x': 1 }));
    await expectError(response, 400, 'PGRST204');
    const quoted = await rawFetch(server, token, 'incidents', jsonInit('POST', { 'title") values (\'x\'); drop table people; --': 1 }));
    await expectError(quoted, 400, 'PGRST204');
    const patch = await rawFetch(server, token, `incidents?description=eq.${q(SCOPE)}`, jsonInit('PATCH', { 'title = title; drop table people; --': 1 }));
    await expectError(patch, 400, 'PGRST204');
  });

  it('body values with SQL, comments and unicode are stored verbatim', async () => {
    const values = [`${DROP} body`, '/* c */ -- x', '\'"\\', 'ñ 🚀 שלום'];
    const response = await rawFetch(
      server,
      token,
      'incidents?select=title',
      jsonInit(
        'POST',
        values.map((title) => ({ title, description: `${SCOPE}-body` })),
        { prefer: 'return=representation' },
      ),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual(values.map((title) => ({ title })));
    const { rows } = await server.pool.query<{ title: string }>('select title from incidents where description = $1 order by title', [`${SCOPE}-body`]);
    expect(rows.map((r) => r.title).sort()).toEqual([...values].sort());
  });
});

describe('function arguments', () => {
  it('argument values are data', async () => {
    const bad = await db.rpc('related_configs_recursive', { config_id: DROP });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
    const ignored = await db.rpc('related_configs_recursive', { config_id: configId, type_filter: "all'); drop table people; --" });
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const get = await rawFetch(server, token, `rpc/related_configs_recursive?config_id=${configId}&relation=${q("hard' or '1'='1")}`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual([]);
  });

  it('argument names with SQL are unknown (404 PGRST202)', async () => {
    const { error, status } = await db.rpc('related_configs_recursive', { 'config_id => null); drop table people; --': configId });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    const fn = await rawFetch(server, token, `rpc/${q('related_configs_recursive(null); drop table people; --')}`, jsonInit('POST', {}));
    await expectError(fn, 404, 'PGRST202');
  });
});

describe('afterwards', () => {
  it('the database is intact', async () => {
    await expectDatabaseIntact(target, { SCOPE, TITLES });
  });
});
