import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ALL_VALID, BROKEN, fixture } from './corpus.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';



interface Outcome {
  kind: string;
  namespace: string;
  name: string;
  action: string;
}

let database: FreshDatabase;
let server: TestServer;
let admin: string;
let editor: string;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  admin = await server.tokenFor(['admin']);
  editor = await server.tokenFor(['editor']);
});

afterAll(async () => {
  await server.close();
  await database.drop();
});

function send(method: 'POST' | 'DELETE', body: string, token = admin, type = 'application/yaml') {
  return fetch(`${server.url}/api/apply`, { method, body, headers: { authorization: `Bearer ${token}`, 'content-type': type } });
}

async function outcomes(response: Response): Promise<Outcome[]> {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { resources: Outcome[] };
  return body.resources;
}

async function get(kind: string, query: Record<string, string> = {}, token = admin): Promise<Response> {
  return fetch(`${server.url}/api/apply/${kind}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}` } });
}

async function count(table: string): Promise<number> {
  const { rows } = await server.pool.query<{ count: string }>(`select count(*) from ${table} where deleted_at is null`);
  return Number(rows[0]!.count);
}

describe('POST /api/apply', () => {
  it('creates a resource of every kind from the files people keep in git, then finds each again', async () => {
    const created = await outcomes(await send('POST', ALL_VALID));
    expect(created.map((outcome) => outcome.action)).toEqual(created.map(() => 'created'));
    expect(new Set(created.map((outcome) => outcome.kind))).toEqual(
      new Set(['Canary', 'Topology', 'ScrapeConfig', 'Playbook', 'Notification', 'Connection', 'IncidentRule', 'LoggingBackend', 'Team']),
    );

    const { rows } = await server.pool.query<{ source: string; spec: { schedule: string }; labels: Record<string, string> }>(
      "select source, spec, labels from canaries where name = 'http-pass' and deleted_at is null",
    );
    expect(rows).toEqual([{ source: 'ConfigFile', spec: expect.objectContaining({ schedule: '@every 1m' }), labels: { team: 'platform' } }]);
    const connection = await server.pool.query("select type, url, username from connections where name = 'prometheus' and namespace = 'monitoring'");
    expect(connection.rows).toEqual([{ type: 'prometheus', url: 'http://prometheus.monitoring.svc:9090', username: 'reader' }]);
    const notification = await server.pool.query("select events, filter, custom_services from notifications where name = 'check-failures'");
    expect(notification.rows[0]).toMatchObject({ events: ['check.failed', 'check.passed'], filter: "check.type == 'http'" });
    const playbook = await server.pool.query("select title, category from playbooks where name = 'restart-deployment'");
    expect(playbook.rows).toEqual([{ title: 'Restart deployment', category: 'Kubernetes' }]);

    const again = await outcomes(await send('POST', ALL_VALID));
    expect(again.map((outcome) => outcome.action)).toEqual(again.map(() => 'unchanged'));
  });

  it('updates what it applied before, found by kind, namespace and name, and leaves the rest unchanged', async () => {
    const before = await count('canaries');
    const changed = ALL_VALID.replace('schedule: "@every 1m"', 'schedule: "@every 2m"');
    const result = await outcomes(await send('POST', changed));
    expect(result.filter((outcome) => outcome.action === 'configured')).toEqual([
      { kind: 'Canary', namespace: 'default', name: 'http-pass', id: expect.any(String), action: 'configured' },
    ]);
    expect(result.filter((outcome) => outcome.action !== 'configured').every((outcome) => outcome.action === 'unchanged')).toBe(true);
    expect(await count('canaries')).toBe(before);
    const { rows } = await server.pool.query<{ schedule: string }>("select spec ->> 'schedule' as schedule from canaries where name = 'http-pass' and deleted_at is null");
    expect(rows).toEqual([{ schedule: '@every 2m' }]);
    await outcomes(await send('POST', ALL_VALID));
  });

  it('applies a file again when its resource was changed through the data service since, though the file did not change', async () => {
    const { rows } = await server.pool.query<{ id: string }>("select id from canaries where name = 'http-pass' and deleted_at is null");
    const id = rows[0]!.id;
    const patch = await fetch(`${server.url}/api/db/canaries?id=eq.${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spec: { schedule: '@every 5m', http: [] }, labels: { team: 'someone-else' } }),
    });
    expect(patch.status, await patch.clone().text()).toBeLessThan(300);
    const result = await outcomes(await send('POST', ALL_VALID));
    expect(result.filter((outcome) => outcome.action !== 'unchanged')).toEqual([{ kind: 'Canary', namespace: 'default', name: 'http-pass', id, action: 'configured' }]);
    const saved = await server.pool.query<{ schedule: string; labels: Record<string, string> }>("select spec ->> 'schedule' as schedule, labels from canaries where id = $1", [id]);
    expect(saved.rows).toEqual([{ schedule: '@every 1m', labels: { team: 'platform' } }]);
    const again = await outcomes(await send('POST', ALL_VALID));
    expect(again.map((outcome) => outcome.action)).toEqual(again.map(() => 'unchanged'));
  });

  it('takes JSON as well, a list of resources included', async () => {
    const list = parseAllDocuments(fixture('valid/more.yaml')).map((document) => document.toJS() as Record<string, unknown>);
    const renamed = list.map((resource) => ({ ...resource, metadata: { name: `json-${String((resource['metadata'] as { name: string }).name)}` } }));
    const result = await outcomes(await send('POST', JSON.stringify({ apiVersion: 'v1', kind: 'List', items: renamed }), admin, 'application/json'));
    expect(result.map((outcome) => [outcome.kind, outcome.name, outcome.action])).toEqual([
      ['LoggingBackend', 'json-loki', 'created'],
      ['Team', 'json-platform', 'created'],
    ]);
  });

  describe('refuses a broken document with its index, line, field path and reason, saving nothing of the call', () => {
    it.each(BROKEN)('$file', async ({ file, index, line, path, reason }) => {
      const before = await Promise.all(['canaries', 'notifications', 'topologies'].map(count));
      const response = await send('POST', fixture(`broken/${file}`));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; problems: { index: number; line: number; path: string; reason: string }[] };
      expect(body.problems[0]).toEqual({ index, line, path, reason: expect.stringMatching(reason) });
      expect(body.message).toContain(`Nothing was applied: document ${index}, line ${line}`);
      expect(await Promise.all(['canaries', 'notifications', 'topologies'].map(count))).toEqual(before);
    });
  });

  it('refuses a kind the role may not write, and someone not signed in', async () => {
    const viewer = await server.tokenFor(['viewer']);
    const canary = fixture('valid/canary.yaml').replaceAll('name: http-', 'name: viewer-http-');
    const refused = await send('POST', canary, viewer);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/may not write any of Canary, .*Team; nothing was applied/);
    // Editors write canaries but not connections (spec 1 section 6): nothing of the call is saved.
    const mixed = await send('POST', `${canary}\n---\n${fixture('valid/connection.yaml').replace('name: prometheus', 'name: other')}`, editor);
    expect(mixed.status).toBe(403);
    expect(((await mixed.json()) as { message: string }).message).toMatch(/may not write Connection/);
    expect(await server.pool.query("select 1 from canaries where name like 'viewer-http-%'")).toHaveProperty('rowCount', 0);
    const anonymous = await fetch(`${server.url}/api/apply`, { method: 'POST', body: canary, headers: { 'content-type': 'application/yaml' } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses an empty body and one over the size limit', async () => {
    const empty = await send('POST', '');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/the input is empty/);
    const huge = await send('POST', `# ${'x'.repeat(3 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
  });
});

describe('GET /api/apply/:kind', () => {
  it('prints a resource back in the shape it was applied, unknown fields included', async () => {
    const response = await get('Playbook', { name: 'scale-deployment', output: 'yaml' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/yaml/);
    const expected = parseAllDocuments(fixture('valid/playbook.yaml'))[1]!.toJS() as unknown;
    expect(parse(await response.text())).toEqual(expected);
  });

  it('lists every resource of a kind as JSON, and writes a document for one made in the web app', async () => {
    await server.pool.query("insert into teams (name, spec) values ('made-in-the-app', '{\"icon\": \"star\"}')");
    const response = await get('teams');
    const list = (await response.json()) as { kind: string; items: { metadata: { name: string }; spec: unknown }[] };
    expect(list.kind).toBe('List');
    expect(list.items.map((item) => item.metadata.name)).toEqual(['json-platform', 'made-in-the-app', 'platform']);
    expect(list.items[1]).toEqual({ apiVersion: 'pharos.io/v1', kind: 'Team', metadata: { name: 'made-in-the-app' }, spec: { icon: 'star' } });
  });

  it('answers 404 for an unknown kind or name, and 403 for a kind the role may not read', async () => {
    expect((await get('Deployment')).status).toBe(404);
    expect((await get('Canary', { name: 'no-such-canary' })).status).toBe(404);
    const responder = await server.tokenFor(['responder']);
    expect((await get('Connection', {}, responder)).status).toBe(403);
  });
});

describe('DELETE /api/apply', () => {
  it('deletes what the documents name, and says when one was not there', async () => {
    const first = await outcomes(await send('DELETE', fixture('valid/topology.yaml')));
    expect(first).toEqual([{ kind: 'Topology', namespace: 'default', name: 'cluster', action: 'deleted' }]);
    expect(await server.pool.query("select 1 from topologies where name = 'cluster' and deleted_at is null")).toHaveProperty('rowCount', 0);
    expect((await get('Topology', { name: 'cluster' })).status).toBe(404);
    const second = await outcomes(await send('DELETE', fixture('valid/topology.yaml')));
    expect(second).toEqual([{ kind: 'Topology', namespace: 'default', name: 'cluster', action: 'not found' }]);
    const recreated = await outcomes(await send('POST', fixture('valid/topology.yaml')));
    expect(recreated).toEqual([expect.objectContaining({ name: 'cluster', action: 'created' })]);
  });
});
