import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRead } from '../../src/rest/compile/read.js';
import { Params, qualified } from '../../src/rest/compile/sql.js';
import { parseQuery } from '../../src/rest/parse/query.js';
import { introspect } from '../../src/rest/schema/introspect.js';
import type { SchemaModel } from '../../src/rest/schema/model.js';
import type { TestServer } from '../support/server.js';
import { attackValues, expectDatabaseIntact, type AttackTarget, expectError, startAttackTarget } from './attack-fixture.js';
import { countRows, errorBody, jsonInit, q, rawFetch } from './helpers.js';

/**
 * Hostile input where a request carries names: filter columns, select, casts, order, embeds and
 * hints, limits, operators, a write's on_conflict and columns, and relations. Names must be refused
 * before any SQL runs, only the allowlist is reachable, the SQL text never depends on values, and the
 * database must be untouched afterwards.
 */

let server: TestServer;
let token: string;
let target: AttackTarget;

const { sfx, SCOPE, TITLES } = attackValues();

beforeAll(async () => {
  ({ server, token } = target = await startAttackTarget({ sfx, SCOPE, TITLES }));
});

afterAll(async () => {
  await server?.close();
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
    await expectDatabaseIntact(target, { SCOPE, TITLES });
  });
});
