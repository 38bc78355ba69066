import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRead } from '../../src/rest/compile/read.js';
import { Params, qualified } from '../../src/rest/compile/sql.js';
import { parseQuery } from '../../src/rest/parse/query.js';
import { introspect } from '../../src/rest/schema/introspect.js';
import type { SchemaModel } from '../../src/rest/schema/model.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { countRows, errorBody, firstId, jsonInit, q, rawFetch, restClient, uniqueSuffix } from './helpers.js';

/**
 * Hostile input in every place a request can carry it: filter values, column names, select,
 * order, embeds and hints, in-lists, JSON path keys, headers, body keys and function arguments.
 * Values must come back as data, names must be refused before any SQL runs, and the database
 * must be untouched afterwards.
 */

let server: TestServer;
let token: string;
let db: PostgrestClient;
let peopleBefore: number;
let incidentsBefore: number;

const sfx = uniqueSuffix();
const SCOPE = `attack-${sfx}`;
const DROP = "x'; drop table people; --";

const TITLES = {
  quotes: `O'Brien "the" ; -- /* c */ ${sfx}`,
  drop: `${DROP} ${sfx}`,
  parens: `a,b(c)"d ${sfx}`,
  spanish: `ñandú ${sfx}`,
  emoji: `🚀 launch 👩‍🚀 ${sfx}`,
  rtl: `שלום עולם مرحبا ${sfx}`,
  backslash: `back\\slash \\" ${sfx}`,
} as const;

let configId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
  db = restClient(server, token);
  const values = Object.values(TITLES);
  await server.pool.query('insert into incidents (title, description) select t, $2 from unnest($1::text[]) as t', [values, SCOPE]);
  const { rows } = await server.pool.query<{ id: string }>('insert into configs (name, type, labels) values ($1, $2, $3) returning id', [
    `cfg-${sfx}`,
    `Attack::${sfx}`,
    JSON.stringify({ "a'b": 'quote-key', 'x"y': 'dquote-key', 'drop; --': 'semi-key', 'ñ🚀': 'unicode-key' }),
  ]);
  configId = firstId(rows);
  peopleBefore = await countRows(server.pool, 'select count(*) as n from people');
  incidentsBefore = await countRows(server.pool, 'select count(*) as n from incidents');
});

afterAll(async () => {
  await server?.close();
});

async function expectError(response: Response, status: number, code: string | RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = await errorBody(response);
  if (typeof code === 'string') expect(body.code).toBe(code);
  else expect(body.code).toMatch(code);
}

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

describe('names are never executed', () => {
  it.each([
    ['a filter column with SQL', `${q('title; drop table people; --')}=eq.x`, 400, '42703'],
    ['a quoted filter column with an escaped quote', `${q('"title\\"; drop table people; --"')}=eq.x`, 400, '42703'],
    ['a filter column with a comment', `${q('title/**/')}=eq.x`, 400, '42703'],
    ['a filter column with a NUL', 'titl%00e=eq.x', 400, '42703'],
    ['select with FROM', `select=${q('id::text from people--')}`, 400, 'PGRST100'],
    ['select with a semicolon after a cast', `select=${q('id::text;drop table people')}`, 400, 'PGRST100'],
    ['select with a subquery', `select=${q('id,(select 1)')}`, 400, 'PGRST100'],
    ['select with a comment', `select=${q('id/**/,title')}`, 400, '42703'],
    ['a quoted select column with SQL', `select=${q('"id\\"; drop table people; --"')}`, 400, '42703'],
    ['a doubled quote in a select column', `select=${q('"id""; drop table people; --"')}`, 400, 'PGRST100'],
    ['a cast to an unlisted type', `select=${q('id::pg_catalog.text')}`, 400, 'PGRST100'],
    ['a cast with SQL', `select=${q("id::text); drop table people; --")}`, 400, 'PGRST100'],
    ['order with SQL', `order=${q('title;drop table people')}`, 400, '42703'],
    ['order direction with SQL', `order=${q('title.asc;drop table people')}`, 400, 'PGRST100'],
    ['order with a comment', `order=${q('title.asc--')}`, 400, 'PGRST100'],
    ['order with a quoted name', `order=${q('"title; drop table people".asc')}`, 400, '42703'],
    ['an embed name with SQL', `select=${q('*,"people; drop table people"(id)')}`, 400, 'PGRST200'],
    ['an embed hint with SQL', `select=${q('*,people!"commander_id; drop table people"(id)')}`, 400, 'PGRST200'],
    ['an embed with nested parentheses', `select=${q('*,hypotheses((id))')}`, 400, 'PGRST100'],
    ['an unbalanced embed', `select=${q('*,hypotheses(id')}`, 400, 'PGRST100'],
    ['an embedded path with SQL', `select=id&${q('hypotheses;drop.status')}=eq.x`, 400, 'PGRST108'],
    ['a JSON path on an unknown column', `select=${q("nope->>a'b")}`, 400, '42703'],
    ['limit with SQL', `limit=${q('1;drop table people')}`, 400, 'PGRST100'],
    ['offset with SQL', `offset=${q('1 or 1=1')}`, 400, 'PGRST100'],
    ['an operator with SQL', `title=${q('eq;drop.x')}`, 400, 'PGRST100'],
    ['an fts language with SQL', `title=${q("fts(english'); drop table people; --).x")}`, 400, 'PGRST100'],
  ])('%s is refused', async (_what, query, status, code) => {
    const response = await rawFetch(server, token, `incidents?${query}`);
    await expectError(response, status, code);
  });

  it('an alias with quotes is quoted, and comes back as the key', async () => {
    const response = await rawFetch(server, token, `incidents?select=${q('"x\\"; drop table people; --":title')}&title=eq.${q(TITLES.spanish)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ 'x"; drop table people; --': TITLES.spanish }]);
  });

  it('a write with SQL in on_conflict or columns is refused', async () => {
    const conflict = await rawFetch(server, token, `properties?on_conflict=${q('name); drop table people; --')}`, jsonInit('POST', { name: `p-${sfx}`, value: 'x' }, { prefer: 'resolution=merge-duplicates' }));
    await expectError(conflict, 400, '42703');
    const columns = await rawFetch(server, token, `incidents?columns=${q('title,description) select 1; --')}`, jsonInit('POST', [{ title: 'c', description: SCOPE }]));
    await expectError(columns, 400, 'PGRST204');
    expect(await countRows(server.pool, 'select count(*) as n from properties where name = $1', [`p-${sfx}`])).toBe(0);
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

describe('only the allowlist is reachable', () => {
  it.each([
    'access_tokens',
    'schema_migrations',
    'identity_credentials',
    'identity_sessions',
    'courier_messages',
    'config_changes_1d',
    'pg_shadow',
    'pg_authid',
    'pg_roles',
    'pg_catalog.pg_user',
    'pg_catalog.pg_shadow',
    'information_schema.tables',
    'public.people',
    'PEOPLE',
    'people;',
    'people%00',
    '..%2Fpeople',
    '..%2F..%2Fapi%2Fdb%2Fpeople',
    '%2e%2e%2fpeople',
    'people%20--',
  ])('%s is 404 for an admin, read or write', async (relation) => {
    const read = await rawFetch(server, token, `${relation}?select=*`);
    expect(read.status).toBe(404);
    const body = await errorBody(read);
    expect(body.code).toBe('PGRST205');
    const write = await rawFetch(server, token, relation, jsonInit('POST', { name: 'x' }));
    expect(write.status).toBe(404);
    const remove = await rawFetch(server, token, `${relation}?id=eq.00000000-0000-4000-8000-000000000000`, { method: 'DELETE' });
    expect(remove.status).toBe(404);
  });

  it('an embed into an unlisted table is not a relationship', async () => {
    const response = await rawFetch(server, token, 'people?select=id,access_tokens(value)&limit=1');
    await expectError(response, 400, 'PGRST200');
  });
});

describe('the SQL text never depends on values', () => {
  let schema: SchemaModel;

  beforeAll(async () => {
    schema = await introspect(server.pool);
  });

  function compile(query: string): { rowsSql: string; countSql: string; values: unknown[] } {
    const relation = schema.relations.get('incidents');
    if (!relation) throw new Error('incidents is not exposed');
    const parsed = parseQuery(new URLSearchParams(query));
    const params = new Params();
    const compiled = compileRead({ sql: qualified(relation.name), relation }, parsed.select, {
      schema,
      params,
      levels: parsed.levels,
      authorize: () => undefined,
      rootModifiers: true,
      window: { offset: 0 },
    });
    return { ...compiled, values: params.values };
  }

  // Compiled only, never run: the point is the statement text, so the operators need not suit the
  // column types (title->>key on a text column would fail at execution).
  const template = (v: string, key: string, n: string): string =>
    new URLSearchParams({
      select: 'id,t:title,hypotheses(title,evidences(type))',
      title: `eq.${v}`,
      description: `like.*${v}*`,
      severity: `in.("${v.replace(/"/g, '\\"')}",b)`,
      or: `(status.eq."${v.replace(/"/g, '\\"')}",and(type.neq.${v.replace(/[,()]/g, '')},title.fts(english).x))`,
      [`hypotheses.title`]: `ilike.${v}`,
      [`incident_id`]: `isdistinct.${v}`,
      order: `title.desc`,
      limit: n,
      offset: n,
      'hypotheses.limit': n,
      [`title->>"${key.replace(/"/g, '\\"')}"`]: 'is.null',
    }).toString();

  // The one exception: a page is written as the number it was read as (digits only), as PostgREST
  // writes it, so that the statement's prepared plan is sized for the page and not for the table.
  it('writes limit and offset as the numbers they were read as, and nothing else of them', () => {
    const page = compile(new URLSearchParams({ select: 'id,hypotheses(title)', limit: '7', offset: '0012', 'hypotheses.limit': '3' }).toString());
    expect(page.rowsSql).toMatch(/ LIMIT 7 OFFSET 12$/);
    expect(page.rowsSql).toContain(' LIMIT 3)');
    expect(page.values).toEqual([]);
    for (const limit of ['7;drop table people', '-1', '1e3', '0x10', ' 7']) {
      expect(() => compile(new URLSearchParams({ select: 'id', limit }).toString())).toThrow('failed to parse limit');
    }
  });

  it('refuses a malicious value for a uuid column before any SQL, naming the column', () => {
    expect(() => compile(new URLSearchParams({ created_by: `isdistinct.x'; drop table people; --` }).toString())).toThrow("'x'; drop table people; --' is not a valid id: incidents.created_by takes a UUID");
  });

  it('two malicious values give the same SQL and different parameters', () => {
    const a = compile(template("x'; drop table people; --", "a'b", '3'));
    const b = compile(template('y" OR 1=1 /* ñ 🚀 */', 'c"d; --', '3'));
    expect(a.rowsSql).toBe(b.rowsSql);
    expect(a.countSql).toBe(b.countSql);
    expect(a.values).not.toEqual(b.values);
    expect(a.values).toContain("x'; drop table people; --");
    expect(b.values).toContain('y" OR 1=1 /* ñ 🚀 */');
    expect(a.values).toContain("a'b");
    expect(b.values).toContain('c"d; --');
    for (const compiled of [a, b]) {
      expect(compiled.rowsSql).not.toMatch(/drop table|OR 1=1|ñ|🚀|a'b|c"d/i);
      expect(compiled.countSql).not.toMatch(/drop table|OR 1=1|ñ|🚀/i);
    }
  });
});

describe('afterwards', () => {
  it('the database is intact', async () => {
    for (const table of ['people', 'incidents', 'configs', 'access_tokens', 'hypotheses', 'properties']) {
      const { rows } = await server.pool.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [`public.${table}`]);
      expect(rows).toEqual([{ exists: true }]);
    }
    expect(await countRows(server.pool, 'select count(*) as n from people')).toBe(peopleBefore);
    expect(await countRows(server.pool, 'select count(*) as n from incidents where coalesce(description, $2) not like $1', [`${SCOPE}-%`, ''])).toBe(incidentsBefore);
    expect(await countRows(server.pool, 'select count(*) as n from incidents where description = $1', [SCOPE])).toBe(Object.keys(TITLES).length);
  });
});
