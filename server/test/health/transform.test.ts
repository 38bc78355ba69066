import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';

/**
 * A check's `transform` against a loopback HTTP server that answers a JSON list of services (which
 * a test changes between runs): CEL and Go templates that make a check per service, one that
 * changes the check's own result, and transforms that fail.
 */

interface Service {
  name: string;
  up: boolean;
  latency: number;
}

let server: TestServer;
let sandbox: ExpressionSandbox;
let http: Server;
let base: string;
let services: Service[] = [];

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  http = createServer((request, response) => {
    if (request.url === '/services') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(services));
    else response.writeHead(404).end('no such page');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
  await sandbox?.close();
});

interface CheckState {
  id: string;
  name: string;
  description: string | null;
  icon: string | null;
  labels: Record<string, string>;
  deleted: boolean;
  statuses: { status: boolean; invalid: boolean; message: string | null; error: string | null; duration: number; detail: Record<string, unknown> | null }[];
}

async function saveCanary(spec: Record<string, unknown>): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('insert into canaries (name, spec) values ($1, $2) returning id', [`transform-${Date.now()}-${Math.random()}`, spec]);
  await syncCanary(server.pool, rows[0]!.id);
  return rows[0]!.id;
}

const run = (canaryId: string) => runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(30_000));

/** Every check of the canary (deleted too) with its statuses, newest first. */
async function checksOf(canaryId: string): Promise<Record<string, CheckState>> {
  const { rows } = await server.pool.query<CheckState>(
    `select c.id, c.name, c.description, c.icon, c.labels, c.deleted_at is not null as deleted,
            coalesce((select json_agg(json_build_object('status', s.status, 'invalid', s.invalid, 'message', s.message, 'error', s.error, 'duration', s.duration, 'detail', s.detail) order by s.time desc)
                        from check_statuses s where s.check_id = c.id), '[]') as statuses
       from checks c where c.canary_id = $1 order by c.name`,
    [canaryId],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row]));
}

const live = async (canaryId: string) => Object.values(await checksOf(canaryId)).filter((check) => !check.deleted).map((check) => check.name);

const PER_SERVICE = `json.map(s, {
  'name': 'svc/' + s.name,
  'pass': s.up,
  'message': s.name + (s.up ? ' is up' : ' is down') + ' in ' + string(s.latency) + ' ms',
  'duration': s.latency,
  'labels': {'service': s.name, 'tier': s.latency > 100 ? 'slow' : 'fast'},
  'detail': s
})`;

describe('transform', () => {
  it('makes a check per item of a JSON list with CEL, keeps each across runs by name and removes the one that is gone', async () => {
    services = [
      { name: 'api', up: true, latency: 12 },
      { name: 'db', up: false, latency: 250 },
      { name: 'cache', up: true, latency: 3 },
    ];
    const canaryId = await saveCanary({
      http: [{ name: 'services', url: `${base}/services`, icon: 'server', description: 'Service list', transformDeleteStrategy: 'MarkUnhealthy', transform: { expr: `toJSON(${PER_SERVICE})` } }],
    });
    await run(canaryId);
    let checks = await checksOf(canaryId);
    expect(Object.keys(checks)).toEqual(['services', 'svc/api', 'svc/cache', 'svc/db']);
    // The check's own result stays as the run gave it, without its detail.
    expect(checks['services']!.statuses).toHaveLength(1);
    expect(checks['services']!.statuses[0]).toMatchObject({ status: true, error: null, detail: {} });
    expect(checks['services']!.statuses[0]!.message).toMatch(/^200 in \d+ ms$/);
    expect(checks['svc/api']!.statuses).toEqual([{ status: true, invalid: false, message: 'api is up in 12 ms', error: null, duration: 12, detail: { name: 'api', up: true, latency: 12 } }]);
    expect(checks['svc/db']!.statuses[0]).toMatchObject({ status: false, message: 'db is down in 250 ms', duration: 250 });
    expect(checks['svc/db']!.labels).toEqual({ service: 'db', tier: 'slow' });
    // Icon and description come from the check when the result has none.
    expect(checks['svc/cache']).toMatchObject({ icon: 'server', description: 'Service list', labels: { service: 'cache', tier: 'fast' } });
    const { rows: checkState } = await server.pool.query<{ name: string; status: string }>('select name, status from checks where canary_id = $1 order by name', [canaryId]);
    expect(checkState.map((row) => row.status)).toEqual(['healthy', 'healthy', 'healthy', 'unhealthy']);

    // Saving the canary again keeps the transformed checks.
    await syncCanary(server.pool, canaryId);
    expect(await live(canaryId)).toEqual(['services', 'svc/api', 'svc/cache', 'svc/db']);

    // db recovers, cache is gone: the same checks get their next status, cache is removed after a last unhealthy status.
    services = [
      { name: 'api', up: true, latency: 20 },
      { name: 'db', up: true, latency: 40 },
    ];
    await run(canaryId);
    const after = await checksOf(canaryId);
    expect(after['svc/api']!.id).toBe(checks['svc/api']!.id);
    expect(after['svc/db']!.statuses.map((status) => status.status)).toEqual([true, false]);
    expect(after['svc/db']!.statuses[0]!.message).toBe('db is up in 40 ms');
    expect(after['svc/cache']).toMatchObject({ deleted: true });
    expect(after['svc/cache']!.statuses[0]).toMatchObject({ status: false, message: 'no longer made by services' });
    expect(await live(canaryId)).toEqual(['services', 'svc/api', 'svc/db']);
    checks = after;

    // Run Now on a transformed check points to the check that makes it.
    const runNow = await fetch(`${server.url}/api/canary/run/check/${checks['svc/api']!.id}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}` } });
    expect(await runNow.json()).toMatchObject({ error: 'svc/api is written by the http check services: run that one' });
  });

  it('takes the list CEL gives without toJSON, and a Go template that writes JSON; a gone check without a delete strategy gets no last status', async () => {
    services = [
      { name: 'api', up: true, latency: 5 },
      { name: 'queue', up: false, latency: 7 },
    ];
    const canaryId = await saveCanary({
      http: [
        { name: 'by-cel', url: `${base}/services`, transform: { expr: PER_SERVICE } },
        {
          name: 'by-template',
          url: `${base}/services`,
          transform: { template: '[{{ range $i, $s := .json }}{{ if $i }},{{ end }}{"name": "tpl/{{ $s.name }}", "pass": {{ $s.up }}, "message": "HTTP {{ $.code }}: {{ $s.name }}"}{{ end }}]' },
        },
      ],
    });
    await run(canaryId);
    let checks = await checksOf(canaryId);
    expect(Object.keys(checks)).toEqual(['by-cel', 'by-template', 'svc/api', 'svc/queue', 'tpl/api', 'tpl/queue']);
    expect(checks['svc/queue']!.statuses[0]).toMatchObject({ status: false, message: 'queue is down in 7 ms' });
    expect(checks['tpl/api']!.statuses[0]).toMatchObject({ status: true, message: 'HTTP 200: api', duration: 0, detail: {} });
    expect(checks['tpl/queue']!.statuses[0]).toMatchObject({ status: false, message: 'HTTP 200: queue' });
    expect(checks['tpl/queue']!.labels).toEqual({});

    services = [{ name: 'api', up: true, latency: 5 }];
    await run(canaryId);
    checks = await checksOf(canaryId);
    expect(await live(canaryId)).toEqual(['by-cel', 'by-template', 'svc/api', 'tpl/api']);
    expect(checks['tpl/queue']!.statuses).toHaveLength(1);
  });

  it("changes the check's own result with one unnamed result, before test and display", async () => {
    services = [
      { name: 'api', up: true, latency: 5 },
      { name: 'db', up: false, latency: 9 },
    ];
    const canaryId = await saveCanary({
      http: [
        {
          name: 'all-up',
          url: `${base}/services`,
          transform: { expr: "{'pass': json.all(s, s.up), 'message': 'down: ' + json.filter(s, !s.up).map(s, s.name).join(', '), 'detail': {'down': json.filter(s, !s.up).size()}}" },
        },
        { name: 'shown', url: `${base}/services`, transform: { expr: "{'message': 'ignored'}" }, display: { expr: "'services: ' + string(json.size())" }, test: { expr: 'json.size() > 5' } },
      ],
    });
    await run(canaryId);
    const checks = await checksOf(canaryId);
    expect(Object.keys(checks)).toEqual(['all-up', 'shown']);
    expect(checks['all-up']!.statuses[0]).toMatchObject({ status: false, message: 'down: db', detail: { down: 1 } });
    expect(checks['shown']!.statuses[0]).toMatchObject({ status: false, message: 'services: 2', error: 'test json.size() > 5 is false' });
  });

  it('fails the check with the error of a transform that errs, and keeps the checks it made before', async () => {
    services = [{ name: 'api', up: true, latency: 5 }];
    const spec = (expr: string) => ({ http: [{ name: 'erring', url: `${base}/services`, transform: { expr } }] });
    const canaryId = await saveCanary(spec(PER_SERVICE));
    await run(canaryId);
    expect(await live(canaryId)).toEqual(['erring', 'svc/api']);
    expect((await checksOf(canaryId))['erring']!.statuses[0]!.invalid).toBe(false);

    const failWith = async (expr: string) => {
      await server.pool.query('update canaries set spec = $2 where id = $1', [canaryId, spec(expr)]);
      await syncCanary(server.pool, canaryId);
      await run(canaryId);
      const checks = await checksOf(canaryId);
      // Written as canary-checker writes it: failed and invalid, so it leaves the check's state and uptime alone.
      expect(checks['erring']!.statuses[0]).toMatchObject({ status: false, invalid: true });
      return checks['erring']!.statuses[0]!.error;
    };
    expect(await failWith('json.map(s, s.missing)')).toMatch(/^error transforming result: .*missing/);
    expect(await failWith("'not json'")).toMatch(/^error transforming result: the transform did not give JSON \(.*\): not json$/);
    expect(await failWith("json.map(s, {'name': s.name, 'pass': 'yes'})")).toBe('error transforming result: the transform result: pass must be a boolean, not "yes"');
    expect(await failWith("[{'name': 'a'}, {'pass': true}]")).toBe('error transforming result: result 2 of the transform has no name, and every check it makes needs one');
    expect(await failWith("[{'pass': true}, {'pass': false}]")).toBe('error transforming result: transformation returned more than 1 entry without a name');
    expect(await failWith("[{'name': 'erring', 'pass': true}]")).toBe("error transforming result: the transform result is named erring, as the check itself: leave the name out to change the check's own result");
    expect(await failWith("[{'name': 'c', 'spec': {'http': []}}]")).toBe('error transforming result: a transform that gives canaries (entries with a spec) is not supported: give check results');
    // The checks made before stay while the transform errs.
    expect(await live(canaryId)).toEqual(['erring', 'svc/api']);

    await server.pool.query('update canaries set spec = $2 where id = $1', [canaryId, { http: [{ name: 'erring', url: `${base}/services`, transform: { jsonPath: '$.items' } }] }]);
    await syncCanary(server.pool, canaryId);
    await run(canaryId);
    expect((await checksOf(canaryId))['erring']!.statuses[0]!.error).toBe('error transforming result: transform.jsonPath is not supported: write the transform as expr (CEL), template (Go template) or javascript');
  });

  it('removes the checks for an empty list, failing only with markFailOnEmpty, and leaves a check of the spec with a given name alone', async () => {
    services = [{ name: 'api', up: true, latency: 5 }];
    const canaryId = await saveCanary({
      http: [
        { name: 'maybe-empty', url: `${base}/services`, transform: { expr: PER_SERVICE } },
        { name: 'must-have', url: `${base}/services`, markFailOnEmpty: true, transform: { expr: "json.map(s, {'name': 'must/' + s.name, 'pass': true})" } },
        { name: 'svc/web', url: `${base}/services`, transform: { expr: "{'message': 'spec check'}" } },
        { name: 'clashing', url: `${base}/services`, transform: { expr: "[{'name': 'svc/web', 'pass': false, 'message': 'from clashing'}, {'name': 'bare'}]" } },
      ],
    });
    await run(canaryId);
    expect(await live(canaryId)).toEqual(['bare', 'clashing', 'maybe-empty', 'must-have', 'must/api', 'svc/api', 'svc/web']);
    const checks = await checksOf(canaryId);
    // A result that does not say it passes fails, as in canary-checker.
    expect(checks['bare']!.statuses[0]).toMatchObject({ status: false, message: null, error: null });
    expect(checks['svc/web']!.statuses).toHaveLength(1);
    expect(checks['svc/web']!.statuses[0]).toMatchObject({ status: true, message: 'spec check' });

    services = [];
    await run(canaryId);
    const after = await checksOf(canaryId);
    expect(await live(canaryId)).toEqual(['bare', 'clashing', 'maybe-empty', 'must-have', 'svc/web']);
    expect(after['maybe-empty']!.statuses[0]).toMatchObject({ status: true, error: null });
    expect(after['must-have']!.statuses[0]).toMatchObject({ status: false, error: 'empty result returned from transformation' });
  });

  it('makes, updates and removes the checks of a pushed webhook result as a scheduled run does', async () => {
    const name = `alerts-${Date.now()}`;
    const canaryId = await saveCanary({
      webhook: {
        name,
        token: { value: 'push-token' },
        transformDeleteStrategy: 'MarkHealthy',
        transform: { expr: "json.alerts.map(a, {'name': 'alert/' + a.name, 'pass': a.status == 'resolved', 'message': a.summary, 'labels': {'severity': a.severity}})" },
      },
    });
    const push = (body: unknown, key = name) =>
      fetch(`${server.url}/api/canary/webhook/${encodeURIComponent(key)}`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-token': 'push-token' }, body: JSON.stringify(body) });

    const first = await push({ alerts: [
      { name: 'disk', status: 'firing', summary: 'disk 95% full', severity: 'high' },
      { name: 'cpu', status: 'resolved', summary: 'cpu back to normal', severity: 'low' },
    ] });
    expect(first.status).toBe(200);
    let checks = await checksOf(canaryId);
    expect(await live(canaryId)).toEqual(['alert/cpu', 'alert/disk', name]);
    expect(checks['alert/disk']!.statuses).toEqual([{ status: false, invalid: false, message: 'disk 95% full', error: null, duration: 0, detail: {} }]);
    expect(checks['alert/disk']!.labels).toEqual({ severity: 'high' });
    expect(checks['alert/cpu']!.statuses[0]).toMatchObject({ status: true, message: 'cpu back to normal' });
    const { rows: state } = await server.pool.query<{ name: string; type: string; status: string }>('select name, type, status from checks where canary_id = $1 and deleted_at is null order by name', [canaryId]);
    expect(state).toEqual([
      { name: 'alert/cpu', type: 'webhook', status: 'healthy' },
      { name: 'alert/disk', type: 'webhook', status: 'unhealthy' },
      { name, type: 'webhook', status: 'healthy' },
    ]);

    // The next push updates the same check and removes the one it no longer gives, after a last healthy status.
    await push({ alerts: [{ name: 'disk', status: 'resolved', summary: 'disk 60% full', severity: 'high' }] });
    const after = await checksOf(canaryId);
    expect(after['alert/disk']!.id).toBe(checks['alert/disk']!.id);
    expect(after['alert/disk']!.statuses.map((status) => [status.status, status.message])).toEqual([[true, 'disk 60% full'], [false, 'disk 95% full']]);
    expect(after['alert/cpu']).toMatchObject({ deleted: true });
    expect(after['alert/cpu']!.statuses[0]).toMatchObject({ status: true, message: `no longer made by ${name}` });
    expect(await live(canaryId)).toEqual(['alert/disk', name]);
    checks = after;

    // A check the transform made takes no pushes of its own.
    const childId = checks['alert/disk']!.id;
    const toChild = await push({ alerts: [] }, childId);
    expect(toChild.status).toBe(404);
    expect(await toChild.json()).toMatchObject({ message: `No webhook check ${childId}` });

    // A transform that errs keeps the checks it made, and the push is written as invalid.
    const erring = await push({ alerts: 'none' });
    expect(erring.status).toBe(200);
    const failed = await checksOf(canaryId);
    expect(failed[name]!.statuses[0]).toMatchObject({ status: false, invalid: true });
    expect(failed[name]!.statuses[0]!.error).toMatch(/^error transforming result: /);
    expect(await live(canaryId)).toEqual(['alert/disk', name]);
  });
});
