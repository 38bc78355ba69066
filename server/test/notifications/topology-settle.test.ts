import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { recomputeUpwards } from '../../src/topology/engine/health.js';
import { freePort } from '../support/http.js';
import { TEST_SECRETS } from '../support/server.js';
import { mailText, notificationTest } from './helpers.js';

/**
 * Real HTTP checks fail under components whose health comes only from them: db-primary (its checks)
 * under orders-platform (its children), worked out again by the topology engine's own code once the
 * failures were handled, the order that used to send them one by one. A
 * notification that groups by topology holds the first wave of failures while the roots' health
 * follows, then groups them under orders-platform: one message, none sent on its own. A lone failure
 * under a component that stays healthy is sent on its own once its settle period is over.
 */

const env = notificationTest();
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const CAROL = 'carol@example.com';
const DB_CHECKS = ['db-primary-reads', 'db-primary-replication', 'db-primary-writes'];

let port = 0;

async function canary(name: string, checks: readonly string[]): Promise<{ canaryId: string; checkId: Record<string, string> }> {
  const [canaryId] = (await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  namespace: default
spec:
  schedule: "@every 1h"
  http:
${checks.map((check) => `    - name: ${check}\n      url: http://127.0.0.1:${port}/${check}\n`).join('')}`)) as [string];
  await syncCanary(env.pool, canaryId);
  const { rows } = await env.pool.query<{ id: string; name: string }>('select id, name from checks where canary_id = $1', [canaryId]);
  return { canaryId, checkId: Object.fromEntries(rows.map((check) => [check.name, check.id])) };
}

/** Runs a canary's checks with nothing answering on their port: they fail. */
async function runFailing(canaryId: string): Promise<void> {
  await runCanary({ pool: env.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(30_000));
}

async function component(name: string, parentId: string | null, healthExpr: string | null = null): Promise<string> {
  const { rows } = await env.pool.query<{ id: string }>(
    "insert into components (name, type, parent_id, health, status, health_expr) values ($1, 'Service', $2, 'healthy', 'healthy', $3) returning id",
    [name, parentId, healthExpr],
  );
  return rows[0]!.id;
}

async function link(componentId: string, checkIds: readonly string[]): Promise<void> {
  await env.pool.query('insert into check_component_relationships (component_id, check_id) select $1, unnest($2::uuid[])', [componentId, checkIds]);
}

async function notification(name: string, recipient: string, groupWindow: string, repeatInterval?: string): Promise<string> {
  const [id] = (await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: ${name}
  namespace: default
spec:
  events: [check.failed, component.unhealthy]
  title: "{{.name}} is down"
  groupByTopology: true
  groupWindow: ${groupWindow}${repeatInterval ? `\n  repeatInterval: ${repeatInterval}` : ''}
  to:
    person: ${recipient}
`)) as [string];
  return id;
}

const healthOf = async (id: string) => (await env.pool.query<{ health: string }>('select health from components where id = $1', [id])).rows[0]!.health;

describe('the first wave of dependent failures settles under the root it brings down', () => {
  it('groups the failures that turn their root unhealthy into one message, none sent on its own', async () => {
    await env.pool.query("insert into people (name, email) values ('Alice', $1), ('Bob', $2), ('Carol', $3)", [ALICE, BOB, CAROL]);
    port = await freePort();
    const { canaryId, checkId } = await canary('orders-db', DB_CHECKS);
    const platformId = await component('orders-platform', null);
    const databaseId = await component('db-primary', platformId);
    await link(databaseId, DB_CHECKS.map((name) => checkId[name]!));
    // 1h: the settle period is its longest (30 s); it is ended below once the root is down, as the clock would then
    const groupedId = await notification('orders-grouped', ALICE, '1h');

    await runFailing(canaryId);
    // the checks are held to settle, and the person writing a silence sees why (db-primary's own failure
    // settles too, or is held under orders-platform at once when that is already down by then)
    const checksSettling = (body: unknown) => (body as { settling: { resource_type: string }[] }).settling.filter((send) => send.resource_type === 'check');
    const settling = await env.until(
      () => env.call('POST', '/api/notifications/silences/preview', { notification_id: groupedId, selectors: [{ type: 'check', name: 'nothing-*' }] }),
      ({ body }) => checksSettling(body).length === 3,
    );
    expect(settling.status).toBe(200);
    const waiting = checksSettling(settling.body) as unknown as { resource_name: string; source_event: string; notification_title: string; settles_at: string }[];
    expect(waiting.map((send) => `${send.resource_name} ${send.source_event}`).sort()).toEqual(DB_CHECKS.map((name) => `${name} check.failed`));
    expect(Date.parse(waiting[0]!.settles_at)).toBeGreaterThan(Date.now());
    // the failures turn db-primary, then orders-platform, unhealthy
    await recomputeUpwards(env.pool, env.sandbox, databaseId);
    expect([await healthOf(databaseId), await healthOf(platformId)]).toEqual(['unhealthy', 'unhealthy']);
    // orders-platform's own failure is held in its group at once: it has nothing above it
    const [group] = (
      await env.until(
        () => env.pool.query<{ id: string }>("select id from notification_groups where notification_id = $1 and root_id = $2 and status = 'open'", [groupedId, platformId]),
        ({ rows }) => rows.length === 1,
      )
    ).rows;
    // db-primary's own failure is written too (settling, or held under orders-platform) before the settling ends
    await env.until(() => env.sends(groupedId), (rows) => rows.some((row) => row.resource_name === 'db-primary'));
    expect(env.smtp.to(ALICE)).toEqual([]);

    await env.pool.query("update notification_send_history set next_attempt_at = now() where notification_id = $1 and status = 'held' and group_id is null", [groupedId]);
    const held = await env.until(() => env.sends(groupedId), (rows) => rows.length === 5 && rows.every((row) => row.status === 'held' && (row as { group_id?: string }).group_id === group!.id));
    expect(held.map((row) => row.resource_name).sort()).toEqual([...DB_CHECKS, 'db-primary', 'orders-platform'].sort());
    expect(env.smtp.to(ALICE)).toEqual([]);

    await env.pool.query('update notification_groups set closes_at = now() where id = $1', [group!.id]);
    const mail = await env.smtp.waitFor(ALICE);
    expect(mail.subject).toBe('orders-platform is down; 4 dependent checks failed');
    const text = mailText(mail);
    for (const name of DB_CHECKS) expect(text).toContain(`- ${name} (check, check.failed)`);
    expect(text).toContain('- db-primary (component, component.unhealthy)');
    const sends = await env.until(() => env.sends(groupedId), (rows) => rows.some((row) => row.status === 'sent'));
    expect(sends.filter((row) => row.status === 'sent').map((row) => row.title)).toEqual(['orders-platform is down; 4 dependent checks failed']);
    expect(sends.filter((row) => row.status === 'grouped')).toHaveLength(5);
    expect(env.smtp.to(ALICE)).toHaveLength(1);
  });

  it('sends a lone failure on its own once its settle period is over, when the component above it stays healthy', async () => {
    const { canaryId, checkId } = await canary('cache', ['cache-hits']);
    // its health says healthy whatever its checks do
    const cacheId = await component('cache', null, 'true');
    await link(cacheId, [checkId['cache-hits']!]);
    // a 2s window settles in 2s
    const loneId = await notification('cache-settling', BOB, '2s');

    const started = Date.now();
    await runFailing(canaryId);
    await recomputeUpwards(env.pool, env.sandbox, cacheId);
    const mail = await env.smtp.waitFor(BOB);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(mail.subject).toBe('cache-hits is down');
    expect(await healthOf(cacheId)).toBe('healthy');
    const sends = await env.until(() => env.sends(loneId), (rows) => rows.some((row) => row.status === 'sent'));
    expect(sends.map((row) => `${row.resource_name} ${row.status}`)).toEqual(['cache-hits sent']);
    expect((await env.pool.query('select 1 from notification_groups where notification_id = $1', [loneId])).rows).toEqual([]);
    expect(env.smtp.to(BOB)).toHaveLength(1);
  });

  it('keeps a settled failure that repeats an earlier one within the repeat interval as repeat-interval, not sent', async () => {
    const { canaryId, checkId } = await canary('queue', ['queue-depth']);
    const queueId = await component('queue', null, 'true');
    await link(queueId, [checkId['queue-depth']!]);
    // 1h: both failures stay held (30 s) until the test ends their settling
    const repeatingId = await notification('queue-repeating', CAROL, '1h', '1h');

    // fails, passes (something answers now), fails again: two check.failed events, both held
    await runFailing(canaryId);
    const listener: Server = createServer((_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
    await runFailing(canaryId);
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await runFailing(canaryId);
    await env.until(() => env.sends(repeatingId), (rows) => rows.length === 2 && rows.every((row) => row.status === 'held'));

    await env.pool.query("update notification_send_history set next_attempt_at = now() where notification_id = $1 and status = 'held'", [repeatingId]);
    const sends = await env.until(() => env.sends(repeatingId), (rows) => rows.some((row) => row.status === 'sent') && rows.every((row) => row.status !== 'held' && row.status !== 'pending'));
    expect(sends.map((row) => row.status).sort()).toEqual(['repeat-interval', 'sent']);
    expect(new Set(sends.map((row) => row.event_id)).size).toBe(2);
    expect(env.smtp.to(CAROL)).toHaveLength(1);
  });
});
