import type pg from 'pg';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import type { IncidentRuleSpec, RuleResponder } from './rule-spec.js';
import type { RuleSubject } from './rule-subjects.js';

type Row = Record<string, unknown>;

export interface StoredRule {
  id: string;
  name: string;
}

/** What one subject did to the rule's incidents. */
export type SubjectOutcome = 'opened' | 'reopened' | 'updated' | 'unchanged';

const label = (row: Row | undefined): string => String(row?.['name'] ?? row?.['id'] ?? 'unknown');

/** `{{ … }}` is rendered as a Go template over the component, check and rule; other text is kept. */
async function rendered(sandbox: ExpressionSandbox, text: string | undefined, subject: RuleSubject, rule: StoredRule): Promise<string | undefined> {
  if (text === undefined || !text.includes('{{')) return text;
  return sandbox.renderTemplate(text, { component: subject.component ?? null, check: subject.checks[0] ?? null, rule }, `incident rule ${rule.name}`);
}

function defaultTitle(subject: RuleSubject): string {
  if (subject.component && subject.componentFailing) return `${label(subject.component)} is ${String(subject.component['health'] ?? subject.component['status'])}`;
  if (subject.component) return `${label(subject.component)}: ${subject.checks.map(label).join(', ')} failing`;
  return `${label(subject.checks[0])} is failing`;
}

/** The incident's root hypothesis, made again when it was deleted. */
async function rootHypothesis(db: pg.ClientBase, incidentId: string, title: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'root' ORDER BY created_at, id LIMIT 1`, [incidentId]);
  if (rows[0]) return rows[0].id;
  const created = await db.query<{ id: string }>(`INSERT INTO hypotheses (incident_id, title, type, status) VALUES ($1, $2, 'root', 'possible') RETURNING id`, [incidentId, title]);
  return created.rows[0]!.id;
}

/** Adds the subject's failing component and checks as definition-of-done evidence, each once; answers how many were added. */
async function addEvidence(db: pg.ClientBase, incidentId: string, hypothesisId: string, subject: RuleSubject): Promise<number> {
  let added = 0;
  if (subject.component && subject.componentFailing) {
    const { rowCount } = await db.query(
      `INSERT INTO evidences (hypothesis_id, type, description, component_id, definition_of_done)
       SELECT $2, 'topology', $3, $4, true
        WHERE NOT EXISTS (SELECT 1 FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
                           WHERE h.incident_id = $1 AND e.type = 'topology' AND e.component_id = $4)`,
      [incidentId, hypothesisId, defaultTitle({ ...subject, checks: [] }), subject.component['id']],
    );
    added += rowCount ?? 0;
  }
  for (const check of subject.checks) {
    const { rowCount } = await db.query(
      `INSERT INTO evidences (hypothesis_id, type, description, check_id, definition_of_done)
       SELECT $2, 'check', $3, $4, true
        WHERE NOT EXISTS (SELECT 1 FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
                           WHERE h.incident_id = $1 AND e.type = 'check' AND e.check_id = $4)`,
      [incidentId, hypothesisId, `${label(check)} is failing`, check['id']],
    );
    added += rowCount ?? 0;
  }
  // What fails again is not done, whatever the last evaluation said.
  await db.query(
    `UPDATE evidences e SET done = false FROM hypotheses h
      WHERE h.id = e.hypothesis_id AND h.incident_id = $1 AND e.definition_of_done AND e.done
        AND (e.check_id = ANY($2::uuid[]) OR e.component_id = $3)`,
    [incidentId, subject.checks.map((check) => check['id']), subject.componentFailing ? (subject.component?.['id'] ?? null) : null],
  );
  return added;
}

/** Adds the rule's responders to a new incident; answers the ones that name no team or person. */
async function addResponders(db: pg.ClientBase, incidentId: string, responders: readonly RuleResponder[]): Promise<string[]> {
  const missing: string[] = [];
  for (const responder of responders) {
    if (responder.team !== undefined) {
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM teams WHERE (name = $1 OR id::text = $1) AND deleted_at IS NULL LIMIT 1`, [responder.team]);
      if (!rows[0]) {
        missing.push(`no team is named ${responder.team}`);
        continue;
      }
      await db.query(`INSERT INTO responders (incident_id, type, team_id, properties) VALUES ($1, 'system', $2, $3)`, [
        incidentId,
        rows[0].id,
        { responderType: responder.type, ...responder.properties },
      ]);
    } else {
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM people WHERE (email = $1 OR id::text = $1) AND deleted_at IS NULL LIMIT 1`, [responder.person]);
      if (!rows[0]) {
        missing.push(`no person has the email or id ${String(responder.person)}`);
        continue;
      }
      await db.query(`INSERT INTO responders (incident_id, type, person_id, properties) VALUES ($1, 'person', $2, $3)`, [incidentId, rows[0].id, { responderType: 'person', person: rows[0].id }]);
    }
  }
  return missing;
}

/**
 * Opens the rule's incident for a failing subject (with a root hypothesis, the failing component and
 * checks as definition-of-done evidence and the rule's responders), or adds to the one it has open,
 * reopening it when it was resolved.
 */
export async function applySubject(
  db: pg.ClientBase,
  sandbox: ExpressionSandbox,
  rule: StoredRule,
  spec: IncidentRuleSpec,
  subject: RuleSubject,
  errors: string[],
): Promise<SubjectOutcome> {
  const { rows } = await db.query<{ id: string; status: string; title: string }>(
    `SELECT id, status, title FROM incidents WHERE incident_rule_id = $1 AND incident_rule_subject = $2 AND status <> 'closed' ORDER BY created_at DESC LIMIT 1`,
    [rule.id, subject.key],
  );
  const existing = rows[0];
  if (existing) {
    const hypothesis = await rootHypothesis(db, existing.id, existing.title);
    const added = await addEvidence(db, existing.id, hypothesis, subject);
    if (existing.status === 'resolved') {
      await db.query(`UPDATE incidents SET status = 'open' WHERE id = $1`, [existing.id]);
      return 'reopened';
    }
    return added > 0 ? 'updated' : 'unchanged';
  }
  const title = (await rendered(sandbox, spec.template.title, subject, rule)) ?? defaultTitle(subject);
  const description = await rendered(sandbox, spec.template.description, subject, rule);
  const created = await db.query<{ id: string }>(
    `INSERT INTO incidents (title, description, type, severity, status, commander_id, communicator_id, incident_rule_id, incident_rule_subject)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [title, description ?? null, spec.template.type, spec.template.severity, spec.template.status, spec.template.commander_id ?? null, spec.template.communicator_id ?? null, rule.id, subject.key],
  );
  const incidentId = created.rows[0]!.id;
  const hypothesis = await rootHypothesis(db, incidentId, title);
  await addEvidence(db, incidentId, hypothesis, subject);
  errors.push(...(await addResponders(db, incidentId, spec.responders)).map((reason) => `rule ${rule.name}: ${reason}`));
  return 'opened';
}

/**
 * With autoResolve, resolves the rule's incidents whose subject no longer fails and whose definition
 * of done has been met for the timeout; with autoClose, closes those resolved for its timeout.
 */
export async function settleIncidents(db: pg.ClientBase, rule: StoredRule, spec: IncidentRuleSpec, failing: readonly string[]): Promise<{ resolved: number; closed: number }> {
  let resolved = 0;
  let closed = 0;
  if (spec.autoResolveMs !== undefined) {
    const result = await db.query(
      `UPDATE incidents i SET status = 'resolved'
        WHERE i.incident_rule_id = $1 AND i.status IN ('new', 'open', 'investigating', 'mitigated')
          AND NOT (coalesce(i.incident_rule_subject, '') = ANY($2::text[]))
          AND (SELECT bool_and(e.done) AND max(e.updated_at) <= now() - make_interval(secs => $3)
                 FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
                WHERE h.incident_id = i.id AND e.definition_of_done)`,
      [rule.id, failing, spec.autoResolveMs / 1000],
    );
    resolved = result.rowCount ?? 0;
  }
  if (spec.autoCloseMs !== undefined) {
    const result = await db.query(
      `UPDATE incidents i SET status = 'closed'
        WHERE i.incident_rule_id = $1 AND i.status = 'resolved'
          AND coalesce((SELECT max(ih.created_at) FROM incident_histories ih
                         WHERE ih.incident_id = i.id AND ih.type = 'incident.status_updated' AND ih.properties ->> 'to' = 'resolved'),
                       i.updated_at) <= now() - make_interval(secs => $2)`,
      [rule.id, spec.autoCloseMs / 1000],
    );
    closed = result.rowCount ?? 0;
  }
  return { resolved, closed };
}
