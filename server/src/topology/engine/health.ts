import type { ComponentProperty } from '@pharos/core';
import type pg from 'pg';
import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import { propertyMap } from './properties.js';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const HEALTHS = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
type Health = (typeof HEALTHS)[number];
const STATUSES = [...HEALTHS, 'info'] as const;
type Status = (typeof STATUSES)[number];

/** Counts by health. */
export type HealthCounts = Record<Health, number>;

interface Linked {
  kind: 'check' | 'config' | 'component';
  name: string;
  health: Health;
}

interface ComponentRow {
  id: string;
  name: string;
  type: string | null;
  labels: Record<string, string>;
  properties: ComponentProperty[];
  status: string | null;
  health: string | null;
  status_reason: string | null;
  status_expr: string | null;
  health_expr: string | null;
  parent_id: string | null;
}

function healthOf(value: string | null): Health {
  return (HEALTHS as readonly string[]).includes(value ?? '') ? (value as Health) : 'unknown';
}

const counts = (items: readonly Linked[]): HealthCounts => {
  const result: HealthCounts = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };
  for (const item of items) result[item.health]++;
  return result;
};

/** What a component's health rests on: its live checks and catalog items, its children and the components attached under it. */
async function linkedOf(db: Queryable, id: string): Promise<Linked[]> {
  const { rows } = await db.query<{ kind: Linked['kind']; name: string; health: string | null }>(
    `SELECT 'check' AS kind, ck.name, ck.status AS health FROM check_component_relationships r JOIN checks ck ON ck.id = r.check_id
       WHERE r.component_id = $1 AND r.deleted_at IS NULL AND ck.deleted_at IS NULL
     UNION ALL
     SELECT 'config', c.name, c.health FROM config_component_relationships r JOIN configs c ON c.id = r.config_id
       WHERE r.component_id = $1 AND r.deleted_at IS NULL AND c.deleted_at IS NULL
     UNION ALL
     SELECT 'component', c.name, c.health FROM components c WHERE c.parent_id = $1 AND c.deleted_at IS NULL
     UNION ALL
     SELECT 'component', c.name, c.health FROM component_relationships r JOIN components c ON c.id = r.component_id
       WHERE r.relationship_id = $1 AND r.deleted_at IS NULL AND c.deleted_at IS NULL`,
    [id],
  );
  return rows.map((row) => ({ kind: row.kind, name: row.name, health: healthOf(row.health) }));
}

function reasonOf(items: readonly Linked[], health: Health): string | null {
  if (health === 'healthy') return null;
  const named = items.filter((item) => item.health === health).map((item) => `${item.kind} ${item.name}`);
  if (named.length === 0) return null;
  const shown = named.slice(0, 3).join(', ');
  return `${shown}${named.length > 3 ? ` and ${named.length - 3} more` : ''} ${named.length === 1 ? 'is' : 'are'} ${health}`;
}

/** The worst health among what is linked: unhealthy, then warning, then healthy; 'info' when nothing is. */
function worst(items: readonly Linked[]): Status {
  const found = counts(items);
  if (found.unhealthy > 0) return 'unhealthy';
  if (found.warning > 0) return 'warning';
  if (found.healthy > 0) return 'healthy';
  return found.unknown > 0 ? 'unknown' : 'info';
}

/** A status expression's answer: a status, a boolean (true is healthy), or {status, reason}. */
function expressionAnswer(value: unknown): { status: Status; reason?: string } | undefined {
  if (typeof value === 'boolean') return { status: value ? 'healthy' : 'unhealthy' };
  if (typeof value === 'string') {
    const status = value.trim().toLowerCase();
    return (STATUSES as readonly string[]).includes(status) ? { status: status as Status } : undefined;
  }
  if (value && typeof value === 'object') {
    const { status, reason } = value as { status?: unknown; reason?: unknown };
    const answer = expressionAnswer(status);
    return answer ? { ...answer, ...(typeof reason === 'string' && reason !== '' ? { reason } : {}) } : undefined;
  }
  return undefined;
}

async function evaluate(sandbox: ExpressionSandbox, expression: string, env: Record<string, unknown>): Promise<unknown> {
  if (expression.includes('{{')) return (await sandbox.renderTemplate(expression, env, 'statusExpr')).trim();
  return sandbox.evaluateCel(expression, env);
}

export interface Recomputed {
  id: string;
  healthChanged: boolean;
  parents: string[];
}

interface Decision {
  status: Status;
  health: Health;
  reason: string | null;
}

const COMPONENT_COLUMNS = 'id, name, type, labels, properties, status, health, status_reason, status_expr, health_expr, parent_id';

/**
 * A component's status, health and status_reason from what is linked to it, its `statusExpr` (CEL,
 * or a Go template) overriding the status and `healthExpr` the health.
 */
async function decide(sandbox: ExpressionSandbox, component: ComponentRow, items: readonly Linked[]): Promise<Decision> {
  let status: Status = worst(items);
  let reason = status === 'info' ? null : reasonOf(items, status as Health);
  let health: Health = status === 'info' ? 'unknown' : status;
  if (!component.status_expr && !component.health_expr) return { status, health, reason };
  const env = {
    summary: {
      checks: counts(items.filter((item) => item.kind === 'check')),
      configs: counts(items.filter((item) => item.kind === 'config')),
      components: counts(items.filter((item) => item.kind === 'component')),
      ...counts(items),
    },
    checks: items.filter((item) => item.kind === 'check'),
    configs: items.filter((item) => item.kind === 'config'),
    components: items.filter((item) => item.kind === 'component'),
    self: { id: component.id, name: component.name, type: component.type, labels: component.labels },
    properties: propertyMap(component.properties),
    status,
    health,
  };
  for (const [expression, field] of [
    [component.status_expr, 'status'],
    [component.health_expr, 'health'],
  ] as const) {
    if (!expression) continue;
    let answer: { status: Status; reason?: string } | undefined;
    try {
      answer = expressionAnswer(await evaluate(sandbox, expression, env));
      if (!answer) reason = `${field}Expr gave no status: one of ${STATUSES.join(', ')}`;
    } catch (error) {
      reason = `${field}Expr failed: ${(error as Error).message}`;
    }
    if (!answer) continue;
    if (field === 'status') {
      status = answer.status;
      health = status === 'info' ? health : status;
      reason = answer.reason ?? (status === 'healthy' ? null : `statusExpr: ${status}`);
    } else {
      health = answer.status === 'info' ? 'unknown' : answer.status;
      if (answer.reason) reason = answer.reason;
    }
  }
  return { status, health, reason };
}

const changed = (component: ComponentRow, decision: Decision) =>
  component.status !== decision.status || component.health !== decision.health || component.status_reason !== decision.reason;

/**
 * Works out one component's status, health and status_reason again and saves them when they changed
 * (the components trigger then emits component.{health}).
 */
export async function recomputeComponent(db: Queryable, sandbox: ExpressionSandbox, id: string): Promise<Recomputed | undefined> {
  const { rows } = await db.query<ComponentRow>(`SELECT ${COMPONENT_COLUMNS} FROM components WHERE id = $1 AND deleted_at IS NULL`, [id]);
  const component = rows[0];
  if (!component) return undefined;
  const decision = await decide(sandbox, component, await linkedOf(db, id));
  const parents = [
    ...(component.parent_id ? [component.parent_id] : []),
    ...(await db.query<{ id: string }>('SELECT relationship_id AS id FROM component_relationships WHERE component_id = $1 AND deleted_at IS NULL', [id])).rows.map((row) => row.id),
  ];
  if (!changed(component, decision)) return { id, healthChanged: false, parents };
  await db.query('UPDATE components SET status = $2, health = $3, status_reason = $4 WHERE id = $1', [id, decision.status, decision.health, decision.reason]);
  return { id, healthChanged: component.health !== decision.health, parents };
}

/**
 * Works out many components at once, children before parents (`ids` in that order): a few
 * statements whatever their number. Answers the components outside `ids` whose health may follow
 * (those that one whose health changed is attached under).
 */
export async function recomputeTree(db: Queryable, sandbox: ExpressionSandbox, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ComponentRow>(`SELECT ${COMPONENT_COLUMNS} FROM components WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const { rows: links } = await db.query<{ owner: string; kind: Linked['kind']; id: string; name: string; health: string | null }>(
    `SELECT r.component_id AS owner, 'check' AS kind, ck.id, ck.name, ck.status AS health FROM check_component_relationships r JOIN checks ck ON ck.id = r.check_id
       WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND ck.deleted_at IS NULL
     UNION ALL
     SELECT r.component_id, 'config', c.id, c.name, c.health FROM config_component_relationships r JOIN configs c ON c.id = r.config_id
       WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND c.deleted_at IS NULL
     UNION ALL
     SELECT c.parent_id, 'component', c.id, c.name, c.health FROM components c WHERE c.parent_id = ANY($1::uuid[]) AND c.deleted_at IS NULL
     UNION ALL
     SELECT r.relationship_id, 'component', c.id, c.name, c.health FROM component_relationships r JOIN components c ON c.id = r.component_id
       WHERE r.relationship_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND c.deleted_at IS NULL`,
    [ids],
  );
  const linked = new Map<string, typeof links>();
  for (const link of links) linked.set(link.owner, [...(linked.get(link.owner) ?? []), link]);
  const health = new Map<string, string | null>();
  const writes: { id: string; decision: Decision }[] = [];
  const moved: string[] = [];
  for (const id of ids) {
    const component = byId.get(id);
    if (!component) continue;
    const items = (linked.get(id) ?? []).map((link) => ({
      kind: link.kind,
      name: link.name,
      health: healthOf(link.kind === 'component' && health.has(link.id) ? health.get(link.id)! : link.health),
    }));
    const decision = await decide(sandbox, component, items);
    health.set(id, decision.health);
    if (!changed(component, decision)) continue;
    writes.push({ id, decision });
    if (component.health !== decision.health) moved.push(id);
  }
  if (writes.length > 0) {
    await db.query(
      `UPDATE components c SET status = u.status, health = u.health, status_reason = u.reason
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS u(id, status, health, reason) WHERE c.id = u.id`,
      [writes.map((write) => write.id), writes.map((write) => write.decision.status), writes.map((write) => write.decision.health), writes.map((write) => write.decision.reason)],
    );
  }
  if (moved.length === 0) return [];
  const inside = new Set(ids);
  const { rows: above } = await db.query<{ id: string }>(
    'SELECT DISTINCT relationship_id AS id FROM component_relationships WHERE component_id = ANY($1::uuid[]) AND deleted_at IS NULL',
    [moved],
  );
  const parents = rows.filter((row) => moved.includes(row.id) && row.parent_id && !inside.has(row.parent_id)).map((row) => row.parent_id!);
  return [...new Set([...above.map((row) => row.id).filter((id) => !inside.has(id)), ...parents])];
}

/**
 * Recomputes a component, then each component above it (parent, or the one it is attached under)
 * whose health may follow, as long as a health changes.
 */
export async function recomputeUpwards(db: Queryable, sandbox: ExpressionSandbox, id: string): Promise<void> {
  const seen = new Set<string>();
  let pending = [id];
  while (pending.length > 0) {
    const next: string[] = [];
    for (const current of pending) {
      if (seen.has(current)) continue;
      seen.add(current);
      const result = await recomputeComponent(db, sandbox, current);
      if (result?.healthChanged) next.push(...result.parents);
    }
    pending = next;
  }
}
