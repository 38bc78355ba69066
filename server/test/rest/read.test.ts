import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { errorBody, firstId, insertPerson, jsonRows, q, rawFetch, restClient, uniqueSuffix, type JsonRow } from './helpers.js';

/**
 * Reads through /api/db: every filter operator, logic trees, JSON paths, casts, ordering, paging,
 * counts and single-object responses. Each query is scoped to this file's rows (by config type,
 * incident description or notification namespace), so other files' data never shows.
 */

let server: TestServer;
let token: string;
let db: PostgrestClient;

const sfx = uniqueSuffix();
const CONFIG_TYPE = `Read::${sfx}`;
const INCIDENT_SCOPE = `read-${sfx}`;
const NOTIFICATION_NS = `read-${sfx}`;
const ZED = `Zed ${sfx}`;
const AMY = `Amy ${sfx}`;

const ALPHA = 'alpha disk full';
const BETA = 'Beta database slow';
const GAMMA = 'gamma cost spike';
const DELTA = 'delta certificates';

const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
  db = restClient(server, token);
  const { pool } = server;

  const zed = await insertPerson(pool, ZED);
  const amy = await insertPerson(pool, AMY);
  ids['zed'] = zed;
  ids['amy'] = amy;

  const incident = async (title: string, severity: string, status: string, type: string, createdBy: string | null, commander: string | null): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into incidents (title, description, severity, status, type, created_by, commander_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [title, INCIDENT_SCOPE, severity, status, type, createdBy, commander],
    );
    return firstId(rows);
  };
  ids['alpha'] = await incident(ALPHA, 'high', 'open', 'availability', zed, amy);
  ids['beta'] = await incident(BETA, 'low', 'investigating', 'performance', amy, null);
  ids['gamma'] = await incident(GAMMA, 'critical', 'resolved', 'cost', null, zed);
  ids['delta'] = await incident(DELTA, 'medium', 'closed', 'security', zed, null);

  await pool.query(
    `insert into hypotheses (incident_id, title, status) values
       ($1, 'h-proven', 'proven'), ($1, 'h-disproven', 'disproven'), ($1, 'h-possible', 'possible'),
       ($2, 'h2-likely', 'likely')`,
    [ids['alpha'], ids['beta']],
  );

  const config = async (name: string, labels: object, cost: number | null, ready: boolean | null, health: string | null, extra: { config?: object; properties?: unknown[] } = {}): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into configs (name, type, labels, cost_per_minute, ready, health, config, properties)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [name, CONFIG_TYPE, JSON.stringify(labels), cost, ready, health, extra.config ? JSON.stringify(extra.config) : null, JSON.stringify(extra.properties ?? [])],
    );
    return firstId(rows);
  };
  ids['web1'] = await config('web-1', { env: 'prod', team: 'a' }, 1.5, true, 'healthy', {
    config: { spec: { replicas: 2 } },
    properties: [{ name: 'cpu', value: 5 }],
  });
  ids['web2'] = await config('web-2', { env: 'dev' }, 3, false, 'unhealthy');
  ids['db1'] = await config('db-1', { env: 'prod', tier: 'db' }, null, null, null);

  await pool.query(
    `insert into notifications (name, namespace, events) values
       ('n-both', $1, '{check.failed,check.passed}'), ('n-incident', $1, '{incident.created}'), ('n-failed', $1, '{check.failed}')`,
    [NOTIFICATION_NS],
  );
});

afterAll(async () => {
  await server?.close();
});

function configs(columns = 'name') {
  return db.from('configs').select(columns).eq('type', CONFIG_TYPE);
}

function incidents(columns = 'title') {
  return db.from('incidents').select(columns).eq('description', INCIDENT_SCOPE);
}

function notifications() {
  return db.from('notifications').select('name').eq('namespace', NOTIFICATION_NS);
}

/** The values of one key of each row, in the order the server returned them. */
function pluck(data: unknown, key: string): unknown[] {
  expect(Array.isArray(data)).toBe(true);
  return (data as JsonRow[]).map((row) => row[key]);
}

/** Runs a scoped query and gives back the sorted names (filters that do not order). */
async function sortedValues(query: PromiseLike<{ data: unknown; error: unknown; status: number }>, key = 'name'): Promise<unknown[]> {
  const { data, error, status } = await query;
  expect(error).toBeNull();
  expect(status).toBe(200);
  return pluck(data, key)
    .map(String)
    .sort();
}

describe('comparison operators', () => {
  it('eq and not.eq', async () => {
    expect(await sortedValues(configs().eq('name', 'web-1'))).toEqual(['web-1']);
    expect(await sortedValues(configs().not('name', 'eq', 'web-1'))).toEqual(['db-1', 'web-2']);
  });

  it('neq (NULL never matches) and not.neq', async () => {
    expect(await sortedValues(configs().neq('health', 'healthy'))).toEqual(['web-2']);
    expect(await sortedValues(configs().not('health', 'neq', 'healthy'))).toEqual(['web-1']);
  });

  it('gt, gte, lt, lte on a numeric column, and not.gt', async () => {
    expect(await sortedValues(configs().gt('cost_per_minute', 1.5))).toEqual(['web-2']);
    expect(await sortedValues(configs().gte('cost_per_minute', 1.5))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().lt('cost_per_minute', 3))).toEqual(['web-1']);
    expect(await sortedValues(configs().lte('cost_per_minute', 3))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().not('cost_per_minute', 'gt', 1.5))).toEqual(['web-1']);
    expect(await sortedValues(configs().not('cost_per_minute', 'lte', 1.5))).toEqual(['web-2']);
  });

  it('gt and lt on text compare as text', async () => {
    expect(await sortedValues(configs().gt('name', 'web-1'))).toEqual(['web-2']);
    expect(await sortedValues(configs().lt('name', 'web'))).toEqual(['db-1']);
  });
});

describe('pattern operators', () => {
  it('like with * wildcards, and not.like', async () => {
    expect(await sortedValues(configs().like('name', 'web*'))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().like('name', '*-1'))).toEqual(['db-1', 'web-1']);
    expect(await sortedValues(configs().like('name', 'WEB*'))).toEqual([]);
    expect(await sortedValues(configs().not('name', 'like', 'web*'))).toEqual(['db-1']);
  });

  it('like also takes % wildcards when they are URL-encoded', async () => {
    const response = await rawFetch(server, token, `configs?select=name&type=eq.${q(CONFIG_TYPE)}&name=like.${q('%-2')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ name: 'web-2' }]);
  });

  it('ilike ignores case, and not.ilike', async () => {
    expect(await sortedValues(configs().ilike('name', 'WEB*'))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().not('name', 'ilike', 'WEB*'))).toEqual(['db-1']);
  });

  it('like(any) and ilike(all) quantifiers', async () => {
    expect(await sortedValues(configs().likeAnyOf('name', ['db*', '*-2']))).toEqual(['db-1', 'web-2']);
    expect(await sortedValues(configs().ilikeAllOf('name', ['W*', '*1']))).toEqual(['web-1']);
  });

  it('match is a case-sensitive POSIX regex, and not.match', async () => {
    expect(await sortedValues(configs().regexMatch('name', '^web-[0-9]$'))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().regexMatch('name', '^WEB'))).toEqual([]);
    expect(await sortedValues(configs().not('name', 'match', '^web'))).toEqual(['db-1']);
  });

  it('imatch is a case-insensitive regex, and not.imatch', async () => {
    expect(await sortedValues(configs().regexIMatch('name', '^DB'))).toEqual(['db-1']);
    expect(await sortedValues(configs().not('name', 'imatch', '^DB'))).toEqual(['web-1', 'web-2']);
  });
});

describe('in and is', () => {
  it('in and not.in', async () => {
    expect(await sortedValues(configs().in('name', ['web-1', 'db-1', 'nope']))).toEqual(['db-1', 'web-1']);
    expect(await sortedValues(configs().notIn('name', ['web-1', 'db-1']))).toEqual(['web-2']);
    expect(await sortedValues(configs().in('name', []))).toEqual([]);
  });

  it('in keeps quoted items whole', async () => {
    const response = await rawFetch(server, token, `incidents?select=title&description=eq.${q(INCIDENT_SCOPE)}&title=in.${q(`("${ALPHA}","${GAMMA}",x)`)}&order=title`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ title: ALPHA }, { title: GAMMA }]);
  });

  it('is.null, is.not_null and their not. forms', async () => {
    expect(await sortedValues(configs().is('health', null))).toEqual(['db-1']);
    expect(await sortedValues(configs().filter('health', 'is', 'not_null'))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().not('health', 'is', null))).toEqual(['web-1', 'web-2']);
  });

  it('is.true, is.false and not.is.true (NULL is neither)', async () => {
    expect(await sortedValues(configs().is('ready', true))).toEqual(['web-1']);
    expect(await sortedValues(configs().is('ready', false))).toEqual(['web-2']);
    expect(await sortedValues(configs().not('ready', 'is', true))).toEqual(['db-1', 'web-2']);
    expect(await sortedValues(configs().not('ready', 'is', false))).toEqual(['db-1', 'web-1']);
  });

  it('refuses an is value other than null, not_null, true, false, unknown', async () => {
    const response = await rawFetch(server, token, `configs?ready=is.maybe`);
    expect(response.status).toBe(400);
    expect(await errorBody(response)).toMatchObject({ code: 'PGRST100' });
  });

  it('isdistinct treats NULL as a value, and not.isdistinct', async () => {
    expect(await sortedValues(configs().isDistinct('health', 'healthy'))).toEqual(['db-1', 'web-2']);
    expect(await sortedValues(configs().not('health', 'isdistinct', 'healthy'))).toEqual(['web-1']);
  });
});

describe('containment operators', () => {
  it('cs and cd on a jsonb column, and not.cs', async () => {
    expect(await sortedValues(configs().contains('labels', { env: 'prod' }))).toEqual(['db-1', 'web-1']);
    expect(await sortedValues(configs().containedBy('labels', { env: 'prod', team: 'a', x: 'y' }))).toEqual(['web-1']);
    expect(await sortedValues(configs().not('labels', 'cs', JSON.stringify({ env: 'prod' })))).toEqual(['web-2']);
  });

  it('cs, cd and ov on a text[] column', async () => {
    expect(await sortedValues(notifications().contains('events', ['check.failed']))).toEqual(['n-both', 'n-failed']);
    expect(await sortedValues(notifications().containedBy('events', ['check.failed', 'incident.created']))).toEqual(['n-failed', 'n-incident']);
    expect(await sortedValues(notifications().overlaps('events', ['check.passed', 'incident.created']))).toEqual(['n-both', 'n-incident']);
    expect(await sortedValues(notifications().not('events', 'ov', '{check.passed,incident.created}'))).toEqual(['n-failed']);
    expect(await sortedValues(notifications().not('events', 'cs', '{check.failed}'))).toEqual(['n-incident']);
  });

  it('ov also takes PostgREST list syntax in parentheses', async () => {
    const response = await rawFetch(server, token, `notifications?select=name&namespace=eq.${q(NOTIFICATION_NS)}&events=ov.${q('(check.passed,incident.created)')}&order=name`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ name: 'n-both' }, { name: 'n-incident' }]);
  });
});

describe('full-text search on a text column', () => {
  it('fts without a language uses the default configuration', async () => {
    expect(await sortedValues(incidents().textSearch('title', 'disk'), 'title')).toEqual([ALPHA]);
    expect(await sortedValues(incidents().textSearch('title', 'disk & spike'), 'title')).toEqual([]);
    expect(await sortedValues(incidents().textSearch('title', 'disk | spike'), 'title')).toEqual([ALPHA, GAMMA]);
  });

  it('fts(language) stems with that language, and not.fts', async () => {
    expect(await sortedValues(incidents().textSearch('title', 'databases', { config: 'english' }), 'title')).toEqual([BETA]);
    expect(await sortedValues(incidents().textSearch('title', 'databases', { config: 'simple' }), 'title')).toEqual([]);
    expect(await sortedValues(incidents().not('title', 'fts(english)', 'databases'), 'title')).toEqual([ALPHA, DELTA, GAMMA]);
  });

  it('plfts, phfts and wfts', async () => {
    expect(await sortedValues(incidents().textSearch('title', 'full disk', { type: 'plain', config: 'english' }), 'title')).toEqual([ALPHA]);
    expect(await sortedValues(incidents().textSearch('title', 'disk full', { type: 'phrase', config: 'english' }), 'title')).toEqual([ALPHA]);
    expect(await sortedValues(incidents().textSearch('title', 'full disk', { type: 'phrase', config: 'english' }), 'title')).toEqual([]);
    expect(await sortedValues(incidents().textSearch('title', '"disk full" or spike', { type: 'websearch', config: 'english' }), 'title')).toEqual([ALPHA, GAMMA]);
    expect(await sortedValues(incidents().textSearch('title', 'cost -spike', { type: 'websearch' }), 'title')).toEqual([]);
  });

  it('refuses an unknown text search configuration with 400 (not 500)', async () => {
    const { error, status } = await incidents().textSearch('title', 'disk', { config: 'klingon' });
    expect(error?.code).toBe('42704');
    expect(status).toBe(400);
  });
});

describe('unknown operators and columns', () => {
  it('refuses a malformed tsquery with 400 (not 500)', async () => {
    const response = await rawFetch(server, token, `incidents?description=eq.${q(INCIDENT_SCOPE)}&title=fts.${q('disk & &')}`);
    expect((await errorBody(response)).code).toBe('42601');
    expect(response.status).toBe(400);
  });

  it('refuses an unknown operator with PGRST100', async () => {
    const response = await rawFetch(server, token, 'configs?name=equals.web-1');
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.code).toBe('PGRST100');
    expect(body.message).toContain('failed to parse filter');
  });

  it('refuses a filter on an unknown column with 42703', async () => {
    const { error, status } = await configs().eq('nope', 'x');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column configs.nope does not exist' });
  });

  it('refuses an unknown column in select with 42703', async () => {
    const { error, status } = await db.from('configs').select('id,nope');
    expect(status).toBe(400);
    expect(error?.code).toBe('42703');
  });
});

describe('logic trees', () => {
  it('or with a nested and', async () => {
    expect(await sortedValues(incidents().or('severity.eq.critical,and(status.eq.open,type.eq.availability)'), 'title')).toEqual([ALPHA, GAMMA]);
  });

  it('and with in and neq', async () => {
    const response = await rawFetch(server, token, `incidents?select=title&description=eq.${q(INCIDENT_SCOPE)}&and=${q('(severity.in.(high,low),status.neq.open)')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ title: BETA }]);
  });

  it('not.or and not.and', async () => {
    const notOr = await rawFetch(server, token, `incidents?select=title&description=eq.${q(INCIDENT_SCOPE)}&not.or=${q('(severity.eq.high,severity.eq.low)')}&order=title`);
    expect(await notOr.json()).toEqual([{ title: DELTA }, { title: GAMMA }]);
    const notAnd = await rawFetch(server, token, `incidents?select=title&description=eq.${q(INCIDENT_SCOPE)}&not.and=${q('(status.neq.open,status.neq.closed)')}&order=title`);
    expect(await notAnd.json()).toEqual([{ title: ALPHA }, { title: DELTA }]);
  });

  it('nests not.or inside and inside or, with quoted values and not. filters', async () => {
    const tree = `and(severity.eq.high,not.or(status.eq.closed,status.eq.resolved)),title.eq."${DELTA}",title.not.ilike.*a*`;
    expect(await sortedValues(incidents().or(tree), 'title')).toEqual([ALPHA, DELTA].sort());
  });

  it('combines a logic tree with plain filters (AND)', async () => {
    expect(await sortedValues(incidents().or('severity.eq.critical,severity.eq.high').eq('status', 'open'), 'title')).toEqual([ALPHA]);
  });

  it('uses JSON paths and is inside a logic tree', async () => {
    expect(await sortedValues(configs().or('labels->>env.eq.dev,labels->>tier.eq.db'))).toEqual(['db-1', 'web-2']);
    expect(await sortedValues(configs().or('health.is.null,cost_per_minute.gt.2'))).toEqual(['db-1', 'web-2']);
  });

  it('applies an embedded-level or to the embedded rows only', async () => {
    const { data, error } = await db
      .from('incidents')
      .select('title,hypotheses(title,status)')
      .eq('description', INCIDENT_SCOPE)
      .in('title', [ALPHA, BETA])
      .or('status.eq.proven,status.eq.possible', { referencedTable: 'hypotheses' })
      .order('title', { referencedTable: 'hypotheses' })
      .order('severity');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: ALPHA,
        hypotheses: [
          { title: 'h-possible', status: 'possible' },
          { title: 'h-proven', status: 'proven' },
        ],
      },
      { title: BETA, hypotheses: [] },
    ]);
  });

  it('applies an embedded-level not.or', async () => {
    const response = await rawFetch(
      server,
      token,
      `incidents?select=title,hypotheses(title)&id=eq.${ids['alpha']}&hypotheses.not.or=${q('(status.eq.proven,status.eq.possible)')}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ title: ALPHA, hypotheses: [{ title: 'h-disproven' }] }]);
  });

  it.each(['(status.eq.open', 'status.eq.open', '(status.eq.open))', '(status.bogus.x)', '(and(status.eq.open)'])('refuses the malformed tree or=%s with PGRST100', async (tree) => {
    const response = await rawFetch(server, token, `incidents?or=${q(tree)}`);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST100');
  });
});

describe('JSON paths and casts in select', () => {
  it('->> gives text named after the last key, and an alias renames it', async () => {
    const { data, error } = await configs('name,labels->>env,environment:labels->>env,tier:labels->>tier').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'db-1', env: 'prod', environment: 'prod', tier: 'db' },
      { name: 'web-1', env: 'prod', environment: 'prod', tier: null },
      { name: 'web-2', env: 'dev', environment: 'dev', tier: null },
    ]);
  });

  it('-> keeps JSON: objects, numbers and array elements', async () => {
    const { data, error } = await db
      .from('configs')
      .select('spec:config->spec,config->spec->replicas,as_text:config->spec->>replicas,properties->0->>name,labels->env')
      .eq('id', ids['web1']);
    expect(error).toBeNull();
    expect(data).toEqual([{ spec: { replicas: 2 }, replicas: 2, as_text: '2', name: 'cpu', env: 'prod' }]);
  });

  it('filters on JSON paths', async () => {
    expect(await sortedValues(configs().eq('labels->>env', 'prod'))).toEqual(['db-1', 'web-1']);
    expect(await sortedValues(configs().eq('config->spec->>replicas', '2'))).toEqual(['web-1']);
    expect(await sortedValues(configs().eq('labels->tier', '"db"'))).toEqual(['db-1']);
    expect(await sortedValues(configs().is('labels->>tier', null))).toEqual(['web-1', 'web-2']);
    expect(await sortedValues(configs().in('labels->>env', ['dev', 'qa']))).toEqual(['web-2']);
  });

  it('casts a column: id::text, numeric::text, boolean::text, with an alias', async () => {
    const { data, error } = await db.from('configs').select('id::text,cost:cost_per_minute::text,ready::text,cost_per_minute').eq('id', ids['web1']);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ids['web1'], cost: '1.5000', ready: 'true', cost_per_minute: 1.5 }]);
  });

  it('casts a number to text and back to a number: the JSON type follows the cast', async () => {
    const { data } = await db.from('configs').select('n:config->spec->>replicas::int').eq('id', ids['web1']);
    expect(data).toEqual([{ n: 2 }]);
  });

  it('refuses a cast PostgreSQL cannot apply (uuid to int) with 400 (not 500)', async () => {
    const response = await rawFetch(server, token, `configs?select=${q('id::int')}&id=eq.${ids['web1']}`);
    expect((await errorBody(response)).code).toBe('42846');
    expect(response.status).toBe(400);
  });

  it('refuses a cast to a type that is not on the list', async () => {
    const response = await rawFetch(server, token, `configs?select=${q('id::regclass')}`);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).code).toBe('PGRST100');
  });
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
