import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { errorBody, q, rawFetch } from './helpers.js';
import { ALPHA, BETA, CONFIG_TYPE, configs, DELTA, GAMMA, ids, INCIDENT_SCOPE, incidents, NOTIFICATION_NS, notifications, sortedValues, openReadFixture } from './read-fixture.js';

/** Reads through /api/db: every filter operator, logic trees, JSON paths and casts. */

let server: TestServer;
let token: string;
let db: PostgrestClient;

beforeAll(async () => {
  ({ server, token, db } = await openReadFixture());
});

afterAll(async () => {
  await server?.close();
});

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
    expect(await sortedValues(notifications().containedBy('events', ['check.failed', 'config.created']))).toEqual(['n-failed', 'n-incident']);
    expect(await sortedValues(notifications().overlaps('events', ['check.passed', 'config.created']))).toEqual(['n-both', 'n-incident']);
    expect(await sortedValues(notifications().not('events', 'ov', '{check.passed,config.created}'))).toEqual(['n-failed']);
    expect(await sortedValues(notifications().not('events', 'cs', '{check.failed}'))).toEqual(['n-incident']);
  });

  it('ov also takes PostgREST list syntax in parentheses', async () => {
    const response = await rawFetch(server, token, `notifications?select=name&namespace=eq.${q(NOTIFICATION_NS)}&events=ov.${q('(check.passed,config.created)')}&order=name`);
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
