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

async function selectedIds(db: pg.ClientBase, kind: 'components' | 'checks', spec: IncidentRuleSpec): Promise<string[]> {
  const selectors = spec[kind];
  if (selectors.length === 0) return [];
  const { text, values } = kindQuery(kind, selectors, undefined, MAX_RESOURCES);
  return (await db.query<{ id: string }>(text, values)).rows.map((row) => row.id);
}

/** Whether the rule's CEL filter lets the resource through; a filter that fails stops the rule's run. */
async function passes(sandbox: ExpressionSandbox, spec: IncidentRuleSpec, variables: Row): Promise<boolean> {
  if (!spec.expr) return true;
  const value = await sandbox.evaluateCel(spec.expr, variables);
  if (typeof value !== 'boolean') throw new Error(`filter '${spec.expr}' must give true or false, it gave ${JSON.stringify(value)}`);
  return value;
}

/**
 * The failing resources a rule picks now: components whose health (or status) is one of the rule's
 * failing statuses, with their failing checks, and failing checks (grouped by the component they
 * belong to), failing for at least the rule's age and let through by its filter.
 */
export async function failingSubjects(db: pg.ClientBase, sandbox: ExpressionSandbox, spec: IncidentRuleSpec): Promise<RuleSubject[]> {
  const subjects = new Map<string, RuleSubject>();
  const componentIds = await selectedIds(db, 'components', spec);
  if (componentIds.length > 0) {
    const { rows } = await db.query<{ component: Row; checks: Row[] }>(
      `SELECT to_jsonb(c) - 'properties' AS component,
              coalesce((SELECT jsonb_agg(${CHECK_ROW} ORDER BY ck.name)
                          FROM check_component_relationships r
                          JOIN checks ck ON ck.id = r.check_id AND ck.deleted_at IS NULL AND ck.status = 'unhealthy'
                          JOIN canaries k ON k.id = ck.canary_id
                         WHERE r.component_id = c.id AND r.deleted_at IS NULL), '[]'::jsonb) AS checks
         FROM components c
        WHERE c.id = ANY($1::uuid[]) AND c.deleted_at IS NULL AND (c.health = ANY($2) OR c.status = ANY($2))
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
  if (checkIds.length > 0) {
    const { rows } = await db.query<{ check: Row; component: Row | null }>(
      `SELECT ${CHECK_ROW} AS "check",
              (SELECT to_jsonb(co) - 'properties' FROM check_component_relationships r
                 JOIN components co ON co.id = r.component_id AND co.deleted_at IS NULL
                WHERE r.check_id = ck.id AND r.deleted_at IS NULL ORDER BY r.created_at, co.id LIMIT 1) AS component
         FROM checks ck JOIN canaries k ON k.id = ck.canary_id
        WHERE ck.id = ANY($1::uuid[]) AND ck.status = 'unhealthy'
          AND coalesce(ck.last_transition_time, ck.last_runtime, ck.updated_at) <= now() - make_interval(secs => $2)
        ORDER BY ck.name, ck.id`,
      [checkIds, spec.ageMs / 1000],
    );
    for (const row of rows) {
      if (!(await passes(sandbox, spec, { check: row.check, component: row.component }))) continue;
      const key = row.component ? `component:${String(row.component['id'])}` : `check:${String(row.check['id'])}`;
      const subject = subjects.get(key) ?? { key, ...(row.component ? { component: row.component } : {}), componentFailing: false, checks: [] };
      if (!subject.checks.some((check) => check['id'] === row.check['id'])) subject.checks.push(row.check);
      subjects.set(key, subject);
    }
  }
  return [...subjects.values()];
}
