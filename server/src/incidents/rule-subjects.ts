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

/** The resource search of the rule's selectors as a CTE `selected`, with its parameters; later parameters start at `next`. */
function selected(kind: 'components' | 'checks', spec: IncidentRuleSpec): { cte: string; values: unknown[]; next: number } | undefined {
  if (spec[kind].length === 0) return undefined;
  const { text, values } = kindQuery(kind, spec[kind], undefined, MAX_RESOURCES);
  return { cte: `WITH selected AS (${text})`, values, next: values.length + 1 };
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
  const components = selected('components', spec);
  if (components) {
    const { cte, values, next } = components;
    const { rows } = await db.query<{ component: Row; checks: Row[] }>(
      `${cte}
       SELECT to_jsonb(c) - 'properties' AS component,
              coalesce((SELECT jsonb_agg(${CHECK_ROW} ORDER BY ck.name)
                          FROM check_component_relationships r
                          JOIN checks ck ON ck.id = r.check_id AND ck.deleted_at IS NULL AND ck.status = 'unhealthy'
                          JOIN canaries k ON k.id = ck.canary_id
                         WHERE r.component_id = c.id AND r.deleted_at IS NULL), '[]'::jsonb) AS checks
         FROM components c
        WHERE c.id IN (SELECT id FROM selected) AND c.deleted_at IS NULL AND (c.health = ANY($${next}) OR c.status = ANY($${next}))
          AND c.updated_at <= now() - make_interval(secs => $${next + 1})`,
      [...values, spec.statuses, spec.ageMs / 1000],
    );
    for (const row of rows) {
      if (!(await passes(sandbox, spec, { component: row.component }))) continue;
      const key = `component:${String(row.component['id'])}`;
      subjects.set(key, { key, component: row.component, componentFailing: true, checks: row.checks });
    }
  }
  const checks = selected('checks', spec);
  if (checks) {
    const { cte, values, next } = checks;
    const failing = await db.query<{ check: Row }>(
      `${cte}
       SELECT ${CHECK_ROW} AS "check"
         FROM checks ck JOIN canaries k ON k.id = ck.canary_id
        WHERE ck.id IN (SELECT id FROM selected) AND ck.status = 'unhealthy'
          AND coalesce(ck.last_transition_time, ck.last_runtime, ck.updated_at) <= now() - make_interval(secs => $${next})
        ORDER BY ck.name, ck.id`,
      [...values, spec.ageMs / 1000],
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
