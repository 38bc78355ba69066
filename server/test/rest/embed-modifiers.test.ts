import { describe, expect, it } from 'vitest';
import { errorBody, q, rawFetch } from './helpers.js';
import { db, id, scoped, server, token, useEmbedFixture, AMY, CMD, SCOPE, ZED } from './embed-fixture.js';

/**
 * Modifiers of embedded resources: filters, order and limit per level, !inner, hints, spreads, and the
 * errors PostgREST gives for unknown, ambiguous and unused embeds.
 */

useEmbedFixture();

describe('filters, order and limit on embedded levels', () => {
  it('hypotheses.order=title.desc', async () => {
    const response = await rawFetch(server, token, scoped('select=title,hypotheses(title)&hypotheses.order=title.desc&order=title'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { title: 'one', hypotheses: [{ title: 'h1-c' }, { title: 'h1-b' }, { title: 'h1-a' }] },
      { title: 'three', hypotheses: [] },
      { title: 'two', hypotheses: [{ title: 'h2-a' }] },
    ]);
  });

  it('hypotheses.limit=1 limits per parent row, hypotheses.offset skips', async () => {
    const limited = await rawFetch(server, token, scoped('select=title,hypotheses(title)&hypotheses.order=title.desc&hypotheses.limit=1&order=title'));
    expect(await limited.json()).toEqual([
      { title: 'one', hypotheses: [{ title: 'h1-c' }] },
      { title: 'three', hypotheses: [] },
      { title: 'two', hypotheses: [{ title: 'h2-a' }] },
    ]);
    const { data } = await db
      .from('incidents')
      .select('title,hypotheses(title)')
      .eq('id', id['one'])
      .order('title', { referencedTable: 'hypotheses' })
      .range(1, 1, { referencedTable: 'hypotheses' });
    expect(data).toEqual([{ title: 'one', hypotheses: [{ title: 'h1-b' }] }]);
  });

  it('hypotheses.status=eq.x filters the embedded rows, not the parents', async () => {
    const { data } = await db.from('incidents').select('title,hypotheses(title,status)').eq('description', SCOPE).eq('hypotheses.status', 'proven').order('title');
    expect(data).toEqual([
      { title: 'one', hypotheses: [{ title: 'h1-a', status: 'proven' }] },
      { title: 'three', hypotheses: [] },
      { title: 'two', hypotheses: [] },
    ]);
  });

  it('nested embeds incidents → hypotheses → evidences, each level with its own modifiers', async () => {
    const response = await rawFetch(
      server,
      token,
      `incidents?select=title,hypotheses(title,evidences(type,description))&id=eq.${id['one']}` +
        `&hypotheses.order=title.asc&hypotheses.status=${q('in.(proven,likely)')}&hypotheses.evidences.order=description.desc`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        title: 'one',
        hypotheses: [
          {
            title: 'h1-a',
            evidences: [
              { type: 'log', description: 'ev-log' },
              { type: 'config', description: 'ev-config' },
            ],
          },
          { title: 'h1-b', evidences: [{ type: 'log', description: 'ev-b-log' }] },
        ],
      },
    ]);
    const logsOnly = await rawFetch(server, token, `incidents?select=hypotheses(title,evidences(description))&id=eq.${id['one']}&hypotheses.order=title&hypotheses.limit=2&hypotheses.evidences.type=eq.config`);
    expect(await logsOnly.json()).toEqual([
      {
        hypotheses: [
          { title: 'h1-a', evidences: [{ description: 'ev-config' }] },
          { title: 'h1-b', evidences: [] },
        ],
      },
    ]);
  });

  it('modifiers address an aliased embed by its alias', async () => {
    const response = await rawFetch(server, token, `incidents?select=title,hs:hypotheses(title)&id=eq.${id['one']}&hs.status=eq.likely`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ title: 'one', hs: [{ title: 'h1-b' }] }]);
  });

  it('an embedded filter on a column the embedded table lacks is 42703', async () => {
    const response = await rawFetch(server, token, scoped('select=title,hypotheses(title)&hypotheses.severity=eq.high'));
    expect(response.status).toBe(400);
    expect(await errorBody(response)).toMatchObject({ code: '42703', message: 'column hypotheses.severity does not exist' });
  });
});

describe('!inner', () => {
  it('keeps only the parents that have a matching embedded row', async () => {
    const { data, error } = await db.from('incidents').select('title,hypotheses!inner(title)').eq('description', SCOPE).eq('hypotheses.status', 'possible');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'two', hypotheses: [{ title: 'h2-a' }] }]);
  });

  it('the count respects !inner', async () => {
    const inner = await db.from('incidents').select('title,hypotheses!inner(title)', { count: 'exact' }).eq('description', SCOPE).order('title');
    expect(inner.count).toBe(2);
    expect(inner.status).toBe(200);
    expect((inner.data as { title: string }[]).map((r) => r.title)).toEqual(['one', 'two']);
    const left = await db.from('incidents').select('title,hypotheses(title)', { count: 'exact' }).eq('description', SCOPE).limit(2);
    expect(left.count).toBe(3);
    expect(left.status).toBe(206);
    const raw = await rawFetch(server, token, scoped('select=title,hypotheses!inner(title)&hypotheses.status=eq.proven'), { headers: { prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('0-0/1');
    expect(await raw.json()).toEqual([{ title: 'one', hypotheses: [{ title: 'h1-a' }] }]);
  });

  it('an empty embed with !inner filters without adding a key', async () => {
    const response = await rawFetch(server, token, scoped('select=title,hypotheses!inner()&hypotheses.status=eq.disproven'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ title: 'one' }]);
  });

  it('!inner on a to-one embed drops rows whose reference is null or filtered out', async () => {
    const response = await rawFetch(server, token, scoped(`select=title,created_by!inner(name)&created_by.name=eq.${q(AMY)}`));
    expect(await response.json()).toEqual([{ title: 'two', created_by: { name: AMY } }]);
    const all = await rawFetch(server, token, scoped('select=title,created_by!inner(name)&order=title'));
    expect(await all.json()).toEqual([
      { title: 'one', created_by: { name: ZED } },
      { title: 'two', created_by: { name: AMY } },
    ]);
  });
});

describe('hints', () => {
  it('people!commander_id(name) picks the commander among the three people foreign keys', async () => {
    const response = await rawFetch(server, token, scoped('select=title,people!commander_id(name)&order=title'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { title: 'one', people: { name: CMD } },
      { title: 'three', people: null },
      { title: 'two', people: null },
    ]);
  });

  it('a hint can be the constraint name, and an alias can name it', async () => {
    const { data, error } = await db.from('incidents').select('title,commander:people!incidents_commander_id_fkey(name)').eq('id', id['one']);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'one', commander: { name: CMD } }]);
  });

  it('a hint after a foreign-key column may name the target table', async () => {
    const { data, error } = await db.from('incidents').select('title,created_by!people(name)').eq('id', id['one']);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'one', created_by: { name: ZED } }]);
  });

  it('a hint that matches nothing is PGRST200', async () => {
    const response = await rawFetch(server, token, scoped('select=title,people!nope(name)'));
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST200');
  });
});

describe('spread', () => {
  it('...created_by(name) lifts the columns into the parent row', async () => {
    const { data, error } = await db.from('incidents').select('title,...created_by(creator_name:name,creator_id:id)').eq('description', SCOPE).order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'one', creator_name: ZED, creator_id: id['zed'] },
      { title: 'three', creator_name: null, creator_id: null },
      { title: 'two', creator_name: AMY, creator_id: id['amy'] },
    ]);
  });

  it('a spread with !inner drops rows without the related row', async () => {
    const response = await rawFetch(server, token, scoped(`select=title,...created_by!inner(name)&order=title`));
    expect(await response.json()).toEqual([
      { title: 'one', name: ZED },
      { title: 'two', name: AMY },
    ]);
  });

  it('refuses a spread of a to-many embed with PGRST119', async () => {
    const response = await rawFetch(server, token, scoped('select=title,...hypotheses(title)'));
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST119');
  });
});

describe('embed errors', () => {
  it('an unknown relationship is 400 PGRST200', async () => {
    const response = await rawFetch(server, token, scoped('select=title,nothing(*)'));
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'incidents' and 'nothing' in the schema cache" });
  });

  it('a relation with no foreign key to the parent is 400 PGRST200', async () => {
    const { error, status } = await db.from('incidents').select('title,connections(*)').eq('description', SCOPE);
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });

  it('an ambiguous embed (three foreign keys to people) is 300 PGRST201 naming the choices', async () => {
    const response = await rawFetch(server, token, scoped('select=title,people(name)'));
    expect(response.status).toBe(300);
    const body = await errorBody(response);
    expect(body.code).toBe('PGRST201');
    expect(body.details).toContain('incidents_commander_id_fkey');
    expect(body.details).toContain('incidents_created_by_fkey');
    expect(body.details).toContain('incidents_communicator_id_fkey');
    expect(body.hint).toContain("'people!incidents_commander_id_fkey'");
  });

  it('a self-reference is ambiguous between parent and children', async () => {
    const response = await rawFetch(server, token, `hypotheses?select=title,hypotheses(title)&id=eq.${id['h1a']}`);
    expect(response.status).toBe(300);
    expect((await errorBody(response)).code).toBe('PGRST201');
  });

  it('a filter on a path that is not embedded is 400 PGRST108', async () => {
    const response = await rawFetch(server, token, scoped('select=title&hypotheses.status=eq.proven'));
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body).toMatchObject({ code: 'PGRST108', message: "'hypotheses' is not an embedded resource in this request" });
  });

  it('an order or limit on a path that is not embedded is 400 PGRST108', async () => {
    for (const modifier of ['hypotheses.order=title', 'hypotheses.limit=1', 'hypotheses.evidences.type=eq.log']) {
      const response = await rawFetch(server, token, scoped(`select=title,hypotheses(title)&${modifier}`));
      if (modifier.startsWith('hypotheses.evidences')) {
        expect(response.status).toBe(400);
        expect((await errorBody(response)).code).toBe('PGRST108');
      } else {
        const bare = await rawFetch(server, token, scoped(`select=title&${modifier}`));
        expect(bare.status).toBe(400);
        expect((await errorBody(bare)).code).toBe('PGRST108');
        expect(response.status).toBe(200);
      }
    }
  });
});
