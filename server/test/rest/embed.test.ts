import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { errorBody, firstId, insertPerson, q, rawFetch, restClient, uniqueSuffix } from './helpers.js';

/**
 * Embedded resources: many-to-one and one-to-many by FK column or table name, aliases, hints,
 * !inner, spreads, nested embeds with their own filters/order/limit, embeds through views, and
 * the errors PostgREST gives for unknown, ambiguous and unused embeds.
 */

let server: TestServer;
let token: string;
let db: PostgrestClient;

const sfx = uniqueSuffix();
const SCOPE = `embed-${sfx}`;
const ZED = `Zed ${sfx}`;
const AMY = `Amy ${sfx}`;
const CMD = `Commander ${sfx}`;

const id: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
  db = restClient(server, token);
  const { pool } = server;

  id['zed'] = await insertPerson(pool, ZED, `zed-${sfx}@example.com`);
  id['amy'] = await insertPerson(pool, AMY);
  id['cmd'] = await insertPerson(pool, CMD);

  const incident = async (title: string, createdBy: string | null, commander: string | null): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      'insert into incidents (title, description, created_by, commander_id) values ($1, $2, $3, $4) returning id',
      [title, SCOPE, createdBy, commander],
    );
    return firstId(rows);
  };
  id['one'] = await incident('one', id['zed'] ?? null, id['cmd'] ?? null);
  id['two'] = await incident('two', id['amy'] ?? null, null);
  id['three'] = await incident('three', null, null);

  const hypothesis = async (incidentId: string | undefined, title: string, status: string): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>('insert into hypotheses (incident_id, title, status) values ($1, $2, $3) returning id', [incidentId, title, status]);
    return firstId(rows);
  };
  id['h1a'] = await hypothesis(id['one'], 'h1-a', 'proven');
  id['h1b'] = await hypothesis(id['one'], 'h1-b', 'likely');
  id['h1c'] = await hypothesis(id['one'], 'h1-c', 'disproven');
  id['h2a'] = await hypothesis(id['two'], 'h2-a', 'possible');
  await pool.query(
    `insert into evidences (hypothesis_id, type, description) values
       ($1, 'log', 'ev-log'), ($1, 'config', 'ev-config'), ($2, 'log', 'ev-b-log')`,
    [id['h1a'], id['h1b']],
  );

  const { rows: tree } = await pool.query<{ id: string }>("insert into incidents (title, description) values ('tree', $1) returning id", [`${SCOPE}-tree`]);
  id['tree'] = firstId(tree);
  id['root'] = await hypothesis(id['tree'], 't-root', 'possible');
  await pool.query("insert into hypotheses (incident_id, parent_id, title, type) values ($1, $2, 't-child-2', 'factor'), ($1, $2, 't-child-1', 'factor')", [id['tree'], id['root']]);

  const { rows: teams } = await pool.query<{ id: string }>('insert into teams (name, created_by) values ($1, $2) returning id', [`team-${sfx}`, id['zed']]);
  id['team'] = firstId(teams);
  await pool.query('insert into team_members (team_id, person_id) values ($1, $2), ($1, $3)', [id['team'], id['zed'], id['amy']]);

  const { rows: canaries } = await pool.query<{ id: string }>("insert into canaries (name, namespace) values ($1, 'default') returning id", [`can-${sfx}`]);
  id['canary'] = firstId(canaries);
  await pool.query("insert into checks (canary_id, type, name) values ($1, 'http', $2), ($1, 'tcp', $3)", [id['canary'], `chk-a-${sfx}`, `chk-b-${sfx}`]);

  const { rows: agents } = await pool.query<{ id: string }>('insert into agents (name, created_by) values ($1, $2) returning id', [`agent-${sfx}`, id['zed']]);
  id['agent'] = firstId(agents);
});

afterAll(async () => {
  await server?.close();
});

const scoped = (query: string): string => `incidents?${query}&description=eq.${q(SCOPE)}`;

describe('many-to-one', () => {
  it('embeds through a foreign-key column name: created_by(id,name)', async () => {
    const { data, error } = await db.from('incidents').select('title,created_by(id,name)').eq('description', SCOPE).order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'one', created_by: { id: id['zed'], name: ZED } },
      { title: 'three', created_by: null },
      { title: 'two', created_by: { id: id['amy'], name: AMY } },
    ]);
  });

  it('person_id(*) replaces the column with the whole person', async () => {
    const { data, error } = await db.from('team_members').select('*,person_id(*)').eq('team_id', id['team']).order('created_at');
    expect(error).toBeNull();
    const rows = data as { team_id: string; person_id: { id: string; name: string; email: string | null }; created_at: string }[];
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([
      ['created_at', 'person_id', 'team_id'],
      ['created_at', 'person_id', 'team_id'],
    ]);
    expect(rows.map((r) => r.person_id.name).sort()).toEqual([AMY, ZED].sort());
    const zed = rows.find((r) => r.person_id.id === id['zed']);
    expect(zed?.person_id).toMatchObject({ id: id['zed'], name: ZED, email: `zed-${sfx}@example.com`, type: 'user', properties: {}, deleted_at: null });
  });

  it('embeds by table name: checks?select=*,canaries(id,name)', async () => {
    const { data, error } = await db.from('checks').select('name,canaries(id,name)').eq('canary_id', id['canary']).order('name');
    expect(error).toBeNull();
    const canary = { id: id['canary'], name: `can-${sfx}` };
    expect(data).toEqual([
      { name: `chk-a-${sfx}`, canaries: canary },
      { name: `chk-b-${sfx}`, canaries: canary },
    ]);
  });

  it('an alias names the embedded object: creator:created_by(name)', async () => {
    const { data } = await db.from('incidents').select('title,creator:created_by(name)').eq('id', id['two']);
    expect(data).toEqual([{ title: 'two', creator: { name: AMY } }]);
  });
});

describe('one-to-many', () => {
  it('incidents?select=*,hypotheses(*) nests every hypothesis as an array', async () => {
    const { data, error } = await db.from('incidents').select('*,hypotheses(*)').eq('description', SCOPE).order('title');
    expect(error).toBeNull();
    const rows = data as { title: string; id: string; hypotheses: { id: string; incident_id: string; title: string }[] }[];
    expect(rows.map((r) => r.title)).toEqual(['one', 'three', 'two']);
    expect(rows[0]?.hypotheses.map((h) => h.title).sort()).toEqual(['h1-a', 'h1-b', 'h1-c']);
    expect(rows[0]?.hypotheses.every((h) => h.incident_id === id['one'])).toBe(true);
    expect(rows[0]).toMatchObject({ id: id['one'], severity: 'low', status: 'open', commander_id: id['cmd'], created_by: id['zed'] });
    expect(rows[1]?.hypotheses).toEqual([]);
    expect(rows[2]?.hypotheses.map((h) => h.title)).toEqual(['h2-a']);
  });

  it('people?select=name,team_members(team_id) goes the other way of a foreign key', async () => {
    const { data } = await db.from('people').select('name,team_members(team_id)').eq('id', id['zed']);
    expect(data).toEqual([{ name: ZED, team_members: [{ team_id: id['team'] }] }]);
  });
});

describe('many-to-many through a junction table', () => {
  it('teams → people through team_members, named by a hint (created_by also links them)', async () => {
    const { data, error } = await db.from('teams').select('name,members:people!team_members(name)').eq('id', id['team']).order('name', { referencedTable: 'members' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: `team-${sfx}`, members: [{ name: AMY }, { name: ZED }] }]);
  });

  it('people → teams the other way', async () => {
    const { data, error } = await db.from('people').select('name,teams!team_members(name)').in('id', [id['amy'], id['cmd']]).order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: AMY, teams: [{ name: `team-${sfx}` }] },
      { name: CMD, teams: [] },
    ]);
  });

  it('without the hint teams → people is ambiguous (300 PGRST201)', async () => {
    const { error, status } = await db.from('teams').select('name,people(name)').eq('id', id['team']);
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
  });
});

describe('a table referencing itself (hypotheses.parent_id)', () => {
  it('parent_id(title) embeds the parent', async () => {
    const { data, error } = await db.from('hypotheses').select('title,parent_id(title)').eq('incident_id', id['tree']).order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 't-child-1', parent_id: { title: 't-root' } },
      { title: 't-child-2', parent_id: { title: 't-root' } },
      { title: 't-root', parent_id: null },
    ]);
  });

  it('hypotheses!parent_id(title) embeds the children', async () => {
    const { data, error } = await db.from('hypotheses').select('title,children:hypotheses!parent_id(title,type)').eq('id', id['root']).order('title', { referencedTable: 'children' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: 't-root',
        children: [
          { title: 't-child-1', type: 'factor' },
          { title: 't-child-2', type: 'factor' },
        ],
      },
    ]);
  });
});

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

describe('embeds through views', () => {
  it('teams_with_status?select=*,created_by(id,name)', async () => {
    const { data, error } = await db.from('teams_with_status').select('name,created_by(id,name)').eq('id', id['team']);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: `team-${sfx}`, created_by: { id: id['zed'], name: ZED } }]);
  });

  // agents_summary also reads configs, config_scrapers and playbook_runs (which have created_by
  // too) in subqueries: only agents.created_by is the view's column.
  it('agents_summary?select=*,created_by(id,name)', async () => {
    const { data, error, status } = await db.from('agents_summary').select('name,created_by(id,name)').eq('id', id['agent']);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ name: `agent-${sfx}`, created_by: { id: id['zed'], name: ZED } }]);
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
