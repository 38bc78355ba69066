import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { HookServer } from './hook.js';

/** Root components; under each, child components, and the failing checks are linked to the children. */
export const TOPOLOGY_ROOTS = 10;
const CHILDREN_PER_ROOT = 10;
/** The rules' hooks: the one without the switch, the one with it. */
export const PLAIN_HOOK = 1000;
export const GROUPED_HOOK = 1001;

export interface TopologyOutcome {
  plainSends: number;
  groupedSends: number;
  groupedTitles: string[];
  settledMs: number;
  /** From the first failure until every failure was held by the grouping rule. */
  heldMs: number;
}

/** How the roots turn unhealthy: before the failures (set so), or only because of them (their health follows). */
export type RootsTurn = 'first' | 'from-dependents';

/** `failures` checks linked to the children of TOPOLOGY_ROOTS roots (components healthy, checks healthy); names start with `prefix`. */
async function seedTopology(pool: pg.Pool, failures: number, prefix: string): Promise<{ rootIds: string[]; checkIds: string[] }> {
  const { rows: roots } = await pool.query<{ id: string }>(
    `insert into components (name, type, health, status) select $2 || 'root-' || n, 'Platform', 'healthy', 'healthy' from generate_series(0, $1 - 1) as n returning id`,
    [TOPOLOGY_ROOTS, prefix],
  );
  const { rows: children } = await pool.query<{ id: string }>(
    `insert into components (name, type, parent_id, health, status)
     select $3 || 'child-' || r.ordinality || '-' || n, 'Service', r.id, 'healthy', 'healthy'
       from unnest($1::uuid[]) with ordinality as r(id, ordinality), generate_series(0, $2 - 1) as n returning id`,
    [roots.map((root) => root.id), CHILDREN_PER_ROOT, prefix],
  );
  const { rows: canaries } = await pool.query<{ id: string }>("insert into canaries (name, namespace, spec) values ($1, 'bench', '{}') returning id", [`${prefix}topology`]);
  const { rows: checks } = await pool.query<{ id: string }>(
    `insert into checks (canary_id, type, name, status) select $1, 'http', 'dependent-' || n, 'healthy' from generate_series(0, $2 - 1) as n returning id`,
    [canaries[0]!.id, failures],
  );
  await pool.query(
    `insert into check_component_relationships (component_id, check_id)
     select ($1::uuid[])[1 + (c.ordinality - 1) % array_length($1::uuid[], 1)], c.id from unnest($2::uuid[]) with ordinality as c(id, ordinality)`,
    [children.map((child) => child.id), checks.map((check) => check.id)],
  );
  return { rootIds: roots.map((root) => root.id), checkIds: checks.map((check) => check.id) };
}

/**
 * The same failures under a topology of roots, notified by two rules on check.failed with a webhook
 * each: one without the switch (a send per failure), one grouping by topology (a send per root when
 * its window closes). Either the roots turn unhealthy first, then every check fails; or every check
 * fails and the roots turn unhealthy only because of them (the topology engine's health handler must
 * be consuming events), so that the failures are held to settle first.
 */
export async function runTopologyPhase(pool: pg.Pool, hook: HookServer, failures: number, groupWindow: string, timeoutMs: number, roots: RootsTurn): Promise<TopologyOutcome> {
  const prefix = roots === 'first' ? '' : 'followed-';
  const { rootIds, checkIds } = await seedTopology(pool, failures, prefix);
  const rule = (name: string, hookId: number, grouped: boolean) =>
    pool.query(
      `insert into notifications (name, events, title, custom_services, group_by_topology, group_window, source)
       values ($1, '{check.failed}', '{{.check.name}} failed', $2, $3, $4, 'bench')`,
      [name, JSON.stringify([{ name: 'hook', url: `${hook.url}/hook/${hookId}` }]), grouped, grouped ? groupWindow : null],
    );
  await rule(`${prefix}topology-plain`, PLAIN_HOOK, false);
  await rule(`${prefix}topology-grouped`, GROUPED_HOOK, true);
  await sleep(1_500); // the rule cache reads rules again within a second
  const started = Date.now();
  if (roots === 'first') await pool.query("update components set health = 'unhealthy', status = 'unhealthy' where id = any($1::uuid[])", [rootIds]);
  for (let from = 0; from < checkIds.length; from += 1_000) {
    await pool.query("update checks set status = 'unhealthy' where id = any($1::uuid[])", [checkIds.slice(from, from + 1_000)]);
  }
  const on = (hookId: number) => hook.received.filter((message) => message.rule === hookId);
  const deadline = Date.now() + timeoutMs;
  let heldMs = -1;
  const heldCount = async () =>
    Number((await pool.query<{ count: string }>("select count(*) from notification_send_history h join notifications n on n.id = h.notification_id where n.name = $1 and h.status in ('held', 'grouped')", [`${prefix}topology-grouped`])).rows[0]!.count);
  while (on(PLAIN_HOOK).length < failures || on(GROUPED_HOOK).length < TOPOLOGY_ROOTS) {
    if (Date.now() > deadline) break;
    if (heldMs < 0 && (await heldCount()) >= failures) heldMs = Date.now() - started;
    await sleep(200);
  }
  const settledMs = Date.now() - started;
  await sleep(1_000); // anything sent twice would arrive now
  return { plainSends: on(PLAIN_HOOK).length, groupedSends: on(GROUPED_HOOK).length, groupedTitles: on(GROUPED_HOOK).map((message) => message.title), settledMs, heldMs };
}
