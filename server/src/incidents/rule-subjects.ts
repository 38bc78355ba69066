import type pg from 'pg';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { kindQuery } from '../shell/search.js';
import type { IncidentRuleSpec } from './rule-spec.js';

type Row = Record<string, unknown>;

/** What one incident of a rule is about: a failing component with its failing checks, or a failing check of no component. */
export interface RuleSubject {
  /** 'component:<id>' or 'check:<id>': an open incident per rule and key. */
  key: string;
  component?: Row;
  /** The component is itself failing (picked by the rule's components selectors), not only some of its checks. */
  componentFailing: boolean;
  /** The failing checks: of the component, or the check itself. */
  checks: Row[];
}

/** The most resources one rule looks at in a run. */
const MAX_RESOURCES = 100_000;

const CHECK_ROW = `to_jsonb(ck) - 'spec' || jsonb_build_object('canary_name', k.name)`;

/**
 * The ids the rule's selectors pick, read on their own: the failing rows are then looked up by key,
 * a plan that stays fast when the planner's statistics still say the rows are healthy (10,000 checks
 * failing at once otherwise met a nested loop over every pair).
 */
async function selectedIds(db: pg.ClientBase, kind: 'components' | 'checks', spec: IncidentRuleSpec): Promise<string[] | undefined> {
  if (spec[kind].length === 0) return undefined;
  const { text, values } = kindQuery(kind, spec[kind], undefined, MAX_RESOURCES);
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM (${text}) AS selected`, values);
  return rows.map((row) => row.id);
}

/** Whether the rule's CEL filter lets the resource through; a filter that fails stops the rule's run. */
async function passes(sandbox: ExpressionSandbox, spec: IncidentRuleSpec, variables: Row): Promise<boolean> {
  if (!spec.expr) return true;
  const value = await sandbox.evaluateCel(spec.expr, variables);
  if (typeof value !== 'boolean') throw new Error(`filter '${spec.expr}' must give true or false, it gave ${JSON.stringify(value)}`);
  return value;
}

/**
 * The component each check belongs to (the first linked, when several), looked up by the checks'
 * ids and the components' keys: plans that stay fast before the planner has statistics of new rows.
 */
async function componentsOfChecks(db: pg.ClientBase, checkIds: string[]): Promise<Map<string, Row>> {
  if (checkIds.length === 0) return new Map();
  const links = await db.query<{ check_id: string; component_id: string }>(
    `SELECT DISTINCT ON (r.check_id) r.check_id, r.component_id
       FROM unnest($1::uuid[]) AS wanted (id)
       JOIN check_component_relationships r ON r.check_id = wanted.id AND r.deleted_at IS NULL
      ORDER BY r.check_id, r.created_at, r.component_id`,
    [checkIds],
  );
  const ids = [...new Set(links.rows.map((link) => link.component_id))];
  const components = await db.query<{ component: Row }>(`SELECT to_jsonb(c) - 'properties' AS component FROM components c WHERE c.id = ANY($1::uuid[]) AND c.deleted_at IS NULL`, [ids]);
  const byId = new Map(components.rows.map((row) => [String(row.component['id']), row.component]));
  return new Map(links.rows.flatMap((link) => (byId.has(link.component_id) ? [[link.check_id, byId.get(link.component_id)!] as const] : [])));
}

/**
 * The failing resources a rule picks now: components whose health (or status) is one of the rule's
 * failing statuses, with their failing checks, and failing checks (grouped by the component they
 * belong to), failing for at least the rule's age and let through by its filter.
 */
export async function failingSubjects(db: pg.ClientBase, sandbox: ExpressionSandbox, spec: IncidentRuleSpec): Promise<RuleSubject[]> {
  const subjects = new Map<string, RuleSubject>();
  const componentIds = await selectedIds(db, 'components', spec);
  if (componentIds) {
    const { rows } = await db.query<{ component: Row; checks: Row[] }>(
      `SELECT to_jsonb(c) - 'properties' AS component,
              coalesce((SELECT jsonb_agg(${CHECK_ROW} ORDER BY ck.name)
                          FROM check_component_relationships r
                          JOIN checks ck ON ck.id = r.check_id AND ck.deleted_at IS NULL AND ck.status = 'unhealthy'
                          JOIN canaries k ON k.id = ck.canary_id
                         WHERE r.component_id = c.id AND r.deleted_at IS NULL), '[]'::jsonb) AS checks
         FROM unnest($1::uuid[]) AS wanted (id)
         JOIN components c ON c.id = wanted.id
        WHERE c.deleted_at IS NULL AND (c.health = ANY($2) OR c.status = ANY($2))
          AND c.updated_at <= now() - make_interval(secs => $3)`,
      [componentIds, spec.statuses, spec.ageMs / 1000],
    );
    for (const row of rows) {
      if (!(await passes(sandbox, spec, { component: row.component }))) continue;
      const key = `component:${String(row.component['id'])}`;
      subjects.set(key, { key, component: row.component, componentFailing: true, checks: row.checks });
    }
  }
  const checkIds = await selectedIds(db, 'checks', spec);
  if (checkIds) {
    const failing = await db.query<{ check: Row }>(
      `SELECT ${CHECK_ROW} AS "check"
         FROM unnest($1::uuid[]) AS wanted (id)
         JOIN checks ck ON ck.id = wanted.id
         JOIN canaries k ON k.id = ck.canary_id
        WHERE ck.status = 'unhealthy'
          AND coalesce(ck.last_transition_time, ck.last_runtime, ck.updated_at) <= now() - make_interval(secs => $2)
        ORDER BY ck.name, ck.id`,
      [checkIds, spec.ageMs / 1000],
    );
    const componentOf = await componentsOfChecks(db, failing.rows.map((row) => String(row.check['id'])));
    for (const { check } of failing.rows) {
      const component = componentOf.get(String(check['id']));
      if (!(await passes(sandbox, spec, { check, component: component ?? null }))) continue;
      const key = component ? `component:${String(component['id'])}` : `check:${String(check['id'])}`;
      const subject = subjects.get(key) ?? { key, ...(component ? { component } : {}), componentFailing: false, checks: [] };
      if (!subject.checks.some((known) => known['id'] === check['id'])) subject.checks.push(check);
      subjects.set(key, subject);
    }
  }
  return [...subjects.values()];
}
