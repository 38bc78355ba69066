import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * GET /api/suspects over a small catalog built around a failing check: the check watches the
 * `checkout` deployment (one hop), which belongs to a namespace (two hops) in a cluster (three hops);
 * a database four hops away and an unrelated config change too. Changes are placed before the
 * check's transition from passing to failing, so their rank follows from time, distance and kind.
 */

let database: FreshDatabase;
let server: TestServer;
let admin: string;
const ids: Record<string, string> = {};
const MINUTE = 60_000;
let failedAt: Date;

interface Suspect {
  id: string;
  config_id: string;
  config_name: string;
  change_type: string;
  kind: string;
  distance: number;
  scores: { time: number; graph: number; severity: number; kind: number };
  diff: string | null;
  score: number;
  summary: string | null;
}
interface Answer {
  configs_searched: number;
  truncated: boolean;
  anchor: { kind: string; id: string; name: string; transition_at: string };
  window: string;
  suspects: Suspect[];
  message?: string;
}

async function get(query: string, token = admin): Promise<{ status: number; body: Answer }> {
  const response = await fetch(`${server.url}/api/suspects?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function config(name: string, type: string): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('INSERT INTO configs (name, type) VALUES ($1, $2) RETURNING id', [name, type]);
  return (ids[name] = rows[0]!.id);
}

async function relate(from: string, to: string): Promise<void> {
  await server.pool.query("INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'related')", [ids[from], ids[to]]);
}

async function change(configName: string, changeType: string, minutesBefore: number, summary: string, severity: string | null = null): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>(
    `INSERT INTO config_changes (config_id, change_type, severity, summary, diff, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [ids[configName], changeType, severity, summary, `--- a\n+++ b\n-${summary} before\n+${summary} after`, new Date(failedAt.getTime() - minutesBefore * MINUTE)],
  );
  return (ids[summary] = rows[0]!.id);
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  admin = await server.tokenFor(['admin']);
  const pool = server.pool;
  const canary = (await pool.query<{ id: string }>("INSERT INTO canaries (name, spec) VALUES ('shop', '{}') RETURNING id")).rows[0]!.id;
  ids['check'] = (await pool.query<{ id: string }>("INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'checkout-http', 'unhealthy') RETURNING id", [canary])).rows[0]!.id;
  // Passing until 40 minutes ago, failing since 30 minutes ago: the transition is the first failure.
  failedAt = new Date(Date.now() - 30 * MINUTE);
  await pool.query(
    `INSERT INTO check_statuses (check_id, time, status) VALUES ($1, $2, true), ($1, $3, false), ($1, $4, false)`,
    [ids['check'], new Date(failedAt.getTime() - 10 * MINUTE), failedAt, new Date(failedAt.getTime() + 10 * MINUTE)],
  );
  await config('checkout', 'Kubernetes::Deployment');
  await config('shop', 'Kubernetes::Namespace');
  await config('prod', 'Kubernetes::Cluster');
  await config('orders-db', 'AWS::RDS::Instance');
  await config('elsewhere', 'Kubernetes::Deployment');
  await pool.query("INSERT INTO check_config_relationships (config_id, check_id, selector_id) VALUES ($1, $2, 'test')", [ids['checkout'], ids['check']]);
  await relate('shop', 'checkout');
  await relate('prod', 'shop');
  await relate('orders-db', 'prod');
  await change('checkout', 'Deployment', 5, 'image checkout:2', 'medium');
  await change('checkout', 'diff', 50, 'checkout env edited', 'medium');
  await change('shop', 'ScalingReplicaSet', 5, 'shop quota scaled', 'medium');
  await change('prod', 'Restart', 5, 'prod node restarted', 'medium');
  await change('orders-db', 'Deployment', 1, 'orders-db upgraded', 'critical');
  await change('elsewhere', 'Deployment', 1, 'unrelated deployment', 'critical');
  await change('checkout', 'Deployment', 70, 'too early', 'critical');
  await change('checkout', 'Deployment', -5, 'after the failure', 'critical');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('GET /api/suspects for a failing check', () => {
  it('ranks the changes of configs within three hops in the hour before the transition, with their diffs', async () => {
    const { status, body } = await get(`check_id=${ids['check']}`);
    expect(status).toBe(200);
    expect(body.anchor).toMatchObject({ kind: 'check', id: ids['check'], name: 'checkout-http' });
    expect(Date.parse(body.anchor.transition_at)).toBe(failedAt.getTime());
    expect(body.window).toBe('1h');
    expect(body.suspects.map((suspect) => suspect.summary)).toEqual(['image checkout:2', 'shop quota scaled', 'prod node restarted', 'checkout env edited']);
    const [first] = body.suspects;
    expect(first).toMatchObject({ config_name: 'checkout', change_type: 'Deployment', kind: 'deployment', distance: 1 });
    expect(first!.diff).toContain('+image checkout:2 after');
    expect(body.suspects.map((suspect) => suspect.distance)).toEqual([1, 2, 3, 1]);
    // Deployments, scaling, restarts and config edits are told apart by their change types.
    expect(body.suspects.map((suspect) => suspect.kind)).toEqual(['deployment', 'scaling', 'restart', 'config']);
    const scores = body.suspects.map((suspect) => suspect.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('ranks a closer change in time first, other things equal', async () => {
    await change('checkout', 'Deployment', 20, 'older image', 'medium');
    const { body } = await get(`check_id=${ids['check']}`);
    const order = body.suspects.map((suspect) => suspect.summary);
    expect(order.indexOf('image checkout:2')).toBeLessThan(order.indexOf('older image'));
    await server.pool.query('DELETE FROM config_changes WHERE id = $1', [ids['older image']]);
  });

  it('ranks a deployment above a restart of the same config at the same time', async () => {
    await change('checkout', 'Restart', 5, 'checkout pods restarted', 'medium');
    const { body } = await get(`check_id=${ids['check']}`);
    const order = body.suspects.map((suspect) => suspect.summary);
    expect(order.indexOf('image checkout:2')).toBeLessThan(order.indexOf('checkout pods restarted'));
    expect(body.suspects.find((suspect) => suspect.summary === 'checkout pods restarted')?.kind).toBe('restart');
    await server.pool.query('DELETE FROM config_changes WHERE id = $1', [ids['checkout pods restarted']]);
  });

  it('ranks a more severe change first, other things equal', async () => {
    await change('checkout', 'Deployment', 5, 'checkout hotfix', 'critical');
    const { body } = await get(`check_id=${ids['check']}`);
    const hotfix = body.suspects.find((suspect) => suspect.summary === 'checkout hotfix');
    const image = body.suspects.find((suspect) => suspect.summary === 'image checkout:2');
    expect(hotfix?.scores).toMatchObject({ severity: 1, kind: 1 });
    expect(image?.scores).toMatchObject({ severity: 0.6, kind: 1 });
    expect(hotfix!.scores.time).toBe(image!.scores.time);
    expect(body.suspects[0]?.summary).toBe('checkout hotfix');
    expect(hotfix!.score).toBeGreaterThan(image!.score);
    await server.pool.query('DELETE FROM config_changes WHERE id = $1', [ids['checkout hotfix']]);
  });

  it('widens to the window asked for and keeps to the limit', async () => {
    const wide = await get(`check_id=${ids['check']}&window=2h`);
    expect(wide.body.suspects.map((suspect) => suspect.summary)).toContain('too early');
    expect(wide.body.window).toBe('2h');
    const narrow = await get(`check_id=${ids['check']}&window=10m&limit=1`);
    expect(narrow.body.suspects.map((suspect) => suspect.summary)).toEqual(['image checkout:2']);
  });

  it('leaves out the changes of a deleted config', async () => {
    await server.pool.query('UPDATE configs SET deleted_at = now() WHERE id = $1', [ids['shop']]);
    const { body } = await get(`check_id=${ids['check']}`);
    expect(body.suspects.map((suspect) => suspect.summary)).not.toContain('shop quota scaled');
    await server.pool.query('UPDATE configs SET deleted_at = NULL WHERE id = $1', [ids['shop']]);
  });
});

describe('GET /api/suspects for a component and an incident', () => {
  it('walks from a component through its configs and from an incident through its evidence', async () => {
    const { rows } = await server.pool.query<{ id: string }>("INSERT INTO components (name, type, status) VALUES ('checkout', 'Service', 'unhealthy') RETURNING id");
    ids['component'] = rows[0]!.id;
    await server.pool.query("INSERT INTO check_component_relationships (component_id, check_id, selector_id) VALUES ($1, $2, 'test')", [ids['component'], ids['check']]);
    const byComponent = await get(`component_id=${ids['component']}`);
    expect(byComponent.status).toBe(200);
    expect(Date.parse(byComponent.body.anchor.transition_at)).toBe(failedAt.getTime());
    // Through its check: the deployment is two hops from the component.
    expect(byComponent.body.suspects[0]).toMatchObject({ summary: 'image checkout:2', distance: 2 });

    const incident = (await server.pool.query<{ id: string }>("INSERT INTO incidents (title, created_at) VALUES ('Checkout down', $1) RETURNING id", [failedAt])).rows[0]!.id;
    const hypothesis = (await server.pool.query<{ id: string }>("INSERT INTO hypotheses (incident_id, title) VALUES ($1, 'root') RETURNING id", [incident])).rows[0]!.id;
    await server.pool.query("INSERT INTO evidences (hypothesis_id, type, config_id) VALUES ($1, 'config', $2)", [hypothesis, ids['checkout']]);
    const byIncident = await get(`incident_id=${incident}`);
    expect(byIncident.body.anchor).toMatchObject({ kind: 'incident', name: 'Checkout down' });
    expect(byIncident.body.suspects[0]).toMatchObject({ summary: 'image checkout:2', distance: 0 });
    expect(byIncident.body.suspects.map((suspect) => suspect.summary)).toContain('orders-db upgraded');
  });
});

describe('GET /api/suspects refuses', () => {
  it('requests without exactly one valid anchor, or with a window or limit out of bounds, with the reason', async () => {
    const cases: Array<[string, RegExp]> = [
      ['', /exactly one of check_id, component_id and incident_id/],
      [`check_id=${ids['check']}&component_id=${ids['check']}`, /exactly one/],
      ['check_id=nope', /check_id must be a UUID/],
      [`check_id=${ids['check']}&window=soon`, /window must be a duration/],
      [`check_id=${ids['check']}&window=30s`, /between 1m and 7d/],
      [`check_id=${ids['check']}&window=30d`, /between 1m and 7d/],
      [`check_id=${ids['check']}&limit=0`, /limit must be from 1 to 100/],
      [`check_id=${ids['check']}&limit=500`, /limit must be from 1 to 100/],
      [`check_id=${ids['check']}&depth=9`, /Unknown parameter depth/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(message);
    }
  });

  it('an unknown anchor with 404, a caller without a session with 401, and an agent with 403', async () => {
    expect((await get('check_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(`check_id=${ids['check']}`, '')).status).toBe(401);
    const agent = await fetch(`${server.url}/api/agent/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'suspects-agent' }),
    });
    const { access_token: agentToken } = (await agent.json()) as { access_token: string };
    expect((await get(`check_id=${ids['check']}`, agentToken)).status).toBe(403);
  });

  it('to walk more than 5,000 nodes a hop, and says it stopped', async () => {
    const pool = server.pool;
    const hub = (await pool.query<{ id: string }>("INSERT INTO configs (name, type) VALUES ('hub', 'Kubernetes::Cluster') RETURNING id")).rows[0]!.id;
    await pool.query("INSERT INTO configs (name, type, parent_id) SELECT 'pod-' || i, 'Kubernetes::Pod', $1 FROM generate_series(1, 5001) i", [hub]);
    const canary = (await pool.query<{ id: string }>("SELECT canary_id AS id FROM checks WHERE id = $1", [ids['check']])).rows[0]!.id;
    const check = (await pool.query<{ id: string }>("INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'hub-http') RETURNING id", [canary])).rows[0]!.id;
    await pool.query("INSERT INTO check_config_relationships (config_id, check_id, selector_id) VALUES ($1, $2, 'test')", [hub, check]);
    const { status, body } = await get(`check_id=${check}`);
    expect(status).toBe(200);
    expect(body.truncated).toBe(true);
    expect(body.configs_searched).toBe(5001);
    const small = await get(`check_id=${ids['check']}`);
    // checkout, shop and prod: orders-db is a fourth hop away.
    expect(small.body).toMatchObject({ truncated: false, configs_searched: 3 });
  });

  it('nothing to a viewer but what a viewer may read: the same catalog changes', async () => {
    const viewer = await server.tokenFor([]);
    const { status, body } = await get(`check_id=${ids['check']}`, viewer);
    expect(status).toBe(200);
    expect(body.suspects[0]?.summary).toBe('image checkout:2');
  });
});
