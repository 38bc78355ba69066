import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { errorBody, firstId, jsonInit, q, rawFetch, restClient, uniqueSuffix } from './helpers.js';

/**
 * /rpc/{fn}: the exposed functions over a small graph of configs, by POST and by GET, with
 * filters, order and counts on their rows; unknown functions and arguments.
 *
 * Graph (config_relationships, config_id → related_id):
 *   d → a (related), a → b (related), b → c (hard, from c.parent_id = b); e stands alone.
 */

let server: TestServer;
let token: string;
let db: PostgrestClient;

const sfx = uniqueSuffix();
const TYPE = `Rpc::${sfx}`;
const id: Record<string, string> = {};
const name = (key: string): string => `${key}-${sfx}`;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
  db = restClient(server, token);
  const { pool } = server;

  const config = async (key: string, health: string | null, parent: string | null = null): Promise<void> => {
    const { rows } = await pool.query<{ id: string }>('insert into configs (name, type, health, parent_id, tags) values ($1, $2, $3, $4, $5) returning id', [
      name(key),
      TYPE,
      health,
      parent,
      JSON.stringify({ key }),
    ]);
    id[key] = firstId(rows);
  };
  await config('a', 'healthy');
  await config('b', 'unhealthy');
  await config('c', 'healthy', id['b'] ?? null);
  await config('d', 'warning');
  await config('e', 'healthy');
  await pool.query("insert into config_relationships (config_id, related_id, relation) values ($1, $2, 'related'), ($3, $1, 'related')", [id['a'], id['b'], id['d']]);

  // Topology for lookup_analysis_by_component: root → child; the child links config a and b.
  const { rows: root } = await pool.query<{ id: string }>('insert into components (name) values ($1) returning id', [name('root')]);
  id['root'] = firstId(root);
  const { rows: child } = await pool.query<{ id: string }>('insert into components (name, parent_id) values ($1, $2) returning id', [name('child'), id['root']]);
  id['child'] = firstId(child);
  const { rows: lonely } = await pool.query<{ id: string }>('insert into components (name) values ($1) returning id', [name('lonely')]);
  id['lonely'] = firstId(lonely);
  await pool.query('insert into config_component_relationships (component_id, config_id) values ($1, $2), ($1, $3)', [id['child'], id['a'], id['b']]);
  // One change each for a (the config asked about), b (downstream), c (downstream, depth 2) and d (upstream).
  await pool.query("insert into config_changes (config_id, change_type, summary) select unnest($1::uuid[]), 'diff', unnest($2::text[])", [
    [id['a'], id['b'], id['c'], id['d']],
    ['a', 'b', 'c', 'd'].map(name),
  ]);
  await pool.query(
    `insert into config_analysis (config_id, analyzer, severity, first_observed) values
       ($1, $4, 'high', now() - interval '2 hours'),
       ($2, $5, 'low', now() - interval '1 hour'),
       ($3, $6, 'critical', now())`,
    [id['a'], id['b'], id['e'], name('an-a'), name('an-b'), name('an-e')],
  );
});

afterAll(async () => {
  await server?.close();
});

interface Related {
  id: string;
  name: string;
  type: string;
  related_ids: string[] | null;
  depth: number;
  direction: string;
  tags: Record<string, string>;
  health: string | null;
  status: string | null;
  deleted_at: string | null;
}

describe('related_changes_recursive', () => {
  const summaries = async (args: Record<string, unknown>): Promise<string[]> => {
    const { data, error } = await db.rpc('related_changes_recursive', { lookup_id: id['a'], ...args }).select('summary').order('summary');
    expect(error).toBeNull();
    return (data as { summary: string }[]).map((row) => row.summary);
  };

  it("answers the config's own changes with those downstream by default, upstream, all, none, and to a depth", async () => {
    expect(await summaries({})).toEqual([name('a'), name('b'), name('c')]);
    expect(await summaries({ type_filter: 'upstream' })).toEqual([name('a'), name('d')]);
    expect(await summaries({ type_filter: 'all' })).toEqual([name('a'), name('b'), name('c'), name('d')]);
    expect(await summaries({ type_filter: 'none' })).toEqual([name('a')]);
    expect(await summaries({ max_depth: 1 })).toEqual([name('a'), name('b')]);
  });
});

describe('related_configs_recursive', () => {
  it('POST walks both directions, ordered by depth, type, name', async () => {
    const { data, error, status } = await db.rpc('related_configs_recursive', { config_id: id['a'] });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const rows = data as Related[];
    expect(rows.map((r) => [r.name, r.depth, r.direction, r.related_ids])).toEqual([
      [name('b'), 1, 'outgoing', [id['c']]],
      [name('d'), 1, 'incoming', [id['a']]],
      [name('c'), 2, 'outgoing', null],
    ]);
    expect(rows[0]).toEqual({ id: id['b'], name: name('b'), type: TYPE, related_ids: [id['c']], depth: 1, direction: 'outgoing', tags: { key: 'b' }, health: 'unhealthy', status: null, deleted_at: null });
  });

  it('GET with { get: true } passes the arguments in the query string', async () => {
    const { data, error, status } = await db.rpc('related_configs_recursive', { config_id: id['a'], max_depth: 1 }, { get: true }).select('name,depth');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { name: name('b'), depth: 1 },
      { name: name('d'), depth: 1 },
    ]);
    const raw = await rawFetch(server, token, `rpc/related_configs_recursive?config_id=${id['a']}&type_filter=upstream&select=name`);
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual([{ name: name('d') }]);
  });

  it('filters, select and order apply to the function rows (POST and GET)', async () => {
    const post = await db.rpc('related_configs_recursive', { config_id: id['a'] }).select('name,health').eq('direction', 'outgoing').order('name', { ascending: false });
    expect(post.error).toBeNull();
    expect(post.data).toEqual([
      { name: name('c'), health: 'healthy' },
      { name: name('b'), health: 'unhealthy' },
    ]);
    const get = await db.rpc('related_configs_recursive', { config_id: id['a'], type_filter: 'all' }, { get: true }).select('name').in('health', ['healthy', 'warning']).order('name');
    expect(get.error).toBeNull();
    expect(get.data).toEqual([{ name: name('c') }, { name: name('d') }]);
    const jsonFilter = await rawFetch(server, token, `rpc/related_configs_recursive?config_id=${id['a']}&select=name&tags->>key=eq.c`);
    expect(await jsonFilter.json()).toEqual([{ name: name('c') }]);
  });

  it('the function arguments choose the walk: downstream only, hard edges only', async () => {
    const downstream = await db.rpc('related_configs_recursive', { config_id: id['a'], type_filter: 'downstream' }).select('name');
    expect(downstream.data).toEqual([{ name: name('b') }, { name: name('c') }]);
    const hardFromA = await db.rpc('related_configs_recursive', { config_id: id['a'], relation: 'hard' });
    expect(hardFromA.data).toEqual([]);
    const hardFromB = await db.rpc('related_configs_recursive', { config_id: id['b'], relation: 'hard' }).select('name,direction');
    expect(hardFromB.data).toEqual([{ name: name('c'), direction: 'outgoing' }]);
    const alone = await db.rpc('related_configs_recursive', { config_id: id['e'] });
    expect(alone.data).toEqual([]);
  });

  it('counts, limits and Content-Range work on function rows', async () => {
    const { data, count, status } = await db.rpc('related_configs_recursive', { config_id: id['a'] }, { count: 'exact' }).select('name').limit(1);
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toEqual([{ name: name('b') }]);
    const raw = await rawFetch(server, token, `rpc/related_configs_recursive?config_id=${id['a']}&select=name&offset=1`, { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('1-2/3');
    expect(await raw.json()).toEqual([{ name: name('d') }, { name: name('c') }]);
  });

  it('.single() on a function result', async () => {
    const { data, error } = await db.rpc('related_configs_recursive', { config_id: id['a'] }).select('name').eq('depth', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: name('c') });
  });

  it('an argument of the wrong type is 400 22P02', async () => {
    const { error, status } = await db.rpc('related_configs_recursive', { config_id: 'not-a-uuid' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    const raw = await rawFetch(server, token, `rpc/related_configs_recursive?config_id=${id['a']}&max_depth=deep`);
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('22P02');
  });
});

describe('lookup_analysis_by_component', () => {
  it('returns the insights of configs linked to the component and its descendants, newest first', async () => {
    const { data, error, status } = await db.rpc('lookup_analysis_by_component', { id: id['root'] }).select('analyzer,severity,config_id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { analyzer: name('an-b'), severity: 'low', config_id: id['b'] },
      { analyzer: name('an-a'), severity: 'high', config_id: id['a'] },
    ]);
  });

  it('filters and GET work on it too', async () => {
    const { data, error } = await db.rpc('lookup_analysis_by_component', { id: id['child'] }, { get: true }).select('analyzer').eq('severity', 'high');
    expect(error).toBeNull();
    expect(data).toEqual([{ analyzer: name('an-a') }]);
    const none = await db.rpc('lookup_analysis_by_component', { id: id['lonely'] });
    expect(none.error).toBeNull();
    expect(none.data).toEqual([]);
  });

  it('returns whole config_analysis rows with select=*', async () => {
    const raw = await rawFetch(server, token, `rpc/lookup_analysis_by_component?id=${id['child']}&severity=eq.low`);
    expect(raw.status).toBe(200);
    const rows = (await raw.json()) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ config_id: id['b'], analyzer: name('an-b'), severity: 'low', status: 'open', analysis_type: 'other' });
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['analysis', 'analysis_type', 'analyzer', 'config_id', 'created_at', 'first_observed', 'id', 'last_observed', 'message', 'scraper_id', 'severity', 'source', 'status', 'summary', 'updated_at'].sort(),
    );
  });
});

describe('errors', () => {
  it('an unknown function is 404 PGRST202 (POST and GET)', async () => {
    const { error, status } = await db.rpc('no_such_function', {});
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.no_such_function without parameters in the schema cache' });
    const get = await rawFetch(server, token, 'rpc/no_such_function?x=1');
    expect(get.status).toBe(404);
    expect((await errorBody(get)).code).toBe('PGRST202');
  });

  it('a function that exists in the database but is not exposed is 404 PGRST202', async () => {
    for (const fn of ['current_person_id', 'set_updated_at', 'incident_history_record', 'pg_sleep']) {
      const response = await rawFetch(server, token, `rpc/${fn}`, jsonInit('POST', {}));
      expect(response.status).toBe(404);
      expect((await errorBody(response)).code).toBe('PGRST202');
    }
  });

  it('a wrong argument name is 404 PGRST202 listing the known signature', async () => {
    const { error, status } = await db.rpc('related_configs_recursive', { config: id['a'] });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    expect(error?.message).toBe('Could not find the function public.related_configs_recursive with parameters config in the schema cache');
    expect(error?.details).toContain('related_configs_recursive(config_id, include_deleted_configs?, max_depth?');
    const extra = await db.rpc('lookup_analysis_by_component', { id: id['root'], depth: 2 });
    expect(extra.status).toBe(404);
    expect(extra.error?.code).toBe('PGRST202');
  });

  it('a missing required argument is 404 PGRST202 (GET)', async () => {
    const raw = await rawFetch(server, token, `rpc/related_configs_recursive?max_depth=1`);
    expect(raw.status).toBe(404);
    expect((await errorBody(raw)).code).toBe('PGRST202');
  });

  it('a body that is not an object is 400 PGRST102', async () => {
    const raw = await rawFetch(server, token, 'rpc/related_configs_recursive', { method: 'POST', body: JSON.stringify([id['a']]), headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('PGRST102');
  });

  it('a filter on a column the function does not return is 400 42703', async () => {
    const raw = await rawFetch(server, token, `rpc/related_configs_recursive?config_id=${id['a']}&nope=eq.1`);
    expect(raw.status).toBe(400);
    expect((await errorBody(raw)).code).toBe('42703');
    const post = await rawFetch(server, token, `rpc/related_configs_recursive?select=${q('name,nope')}`, jsonInit('POST', { config_id: id['a'] }));
    expect(post.status).toBe(400);
    expect((await errorBody(post)).code).toBe('42703');
  });
});
