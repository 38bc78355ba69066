import type pg from 'pg';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { resolveResponders } from './rule-responders.js';
import type { IncidentRuleSpec } from './rule-spec.js';
import type { RuleSubject } from './rule-subjects.js';

type Row = Record<string, unknown>;

export interface StoredRule {
  id: string;
  name: string;
}

/** An incident the rule opened and nobody closed, with the checks and components it has as evidence. */
export interface OpenIncident {
  id: string;
  status: string;
  title: string;
  subject: string;
  checks: string[];
  components: string[];
}

/** The rule's incidents not closed, by subject (the newest when there are several). */
export async function openIncidents(db: pg.ClientBase, ruleId: string): Promise<Map<string, OpenIncident>> {
  const { rows } = await db.query<OpenIncident>(
    `SELECT i.id, i.status, i.title, i.incident_rule_subject AS subject,
            coalesce(array_agg(e.check_id::text) FILTER (WHERE e.type = 'check' AND e.check_id IS NOT NULL), '{}') AS checks,
            coalesce(array_agg(e.component_id::text) FILTER (WHERE e.type = 'topology' AND e.component_id IS NOT NULL), '{}') AS components
       FROM incidents i
       LEFT JOIN hypotheses h ON h.incident_id = i.id
       LEFT JOIN evidences e ON e.hypothesis_id = h.id AND e.type IN ('check', 'topology')
      WHERE i.incident_rule_id = $1 AND i.status <> 'closed' AND i.incident_rule_subject IS NOT NULL AND i.deleted_at IS NULL
      GROUP BY i.id
      ORDER BY i.created_at`,
    [ruleId],
  );
  return new Map(rows.map((row) => [row.subject, row]));
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

type EvidenceItem = { type: 'topology' | 'check'; description: string; component_id: unknown; check_id: unknown };

/** The subject's failing component and checks as definition-of-done evidence items. */
function evidenceItems(subject: RuleSubject): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  if (subject.component && subject.componentFailing) {
    items.push({ type: 'topology', description: defaultTitle({ ...subject, checks: [] }), component_id: subject.component['id'], check_id: null });
  }
  for (const check of subject.checks) items.push({ type: 'check', description: `${label(check)} is failing`, component_id: null, check_id: check['id'] });
  return items;
}

/** Adds the subject's failing component and checks as definition-of-done evidence, each once, in one statement; answers how many were added. */
async function addEvidence(db: pg.ClientBase, incidentId: string, hypothesisId: string, subject: RuleSubject): Promise<number> {
  const items = evidenceItems(subject);
  if (items.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO evidences (hypothesis_id, type, description, component_id, check_id, definition_of_done)
     SELECT $2, n.type, n.description, n.component_id, n.check_id, true
       FROM jsonb_to_recordset($3::jsonb) AS n(type text, description text, component_id uuid, check_id uuid)
      WHERE NOT EXISTS (SELECT 1 FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
                         WHERE h.incident_id = $1 AND e.type = n.type
                           AND (e.component_id = n.component_id OR e.check_id = n.check_id))`,
    [incidentId, hypothesisId, JSON.stringify(items)],
  );
  return rowCount ?? 0;
}

/**
 * Adds a failing subject to the rule's incident it has open, reopening it when it was resolved;
 * subjects without one are opened together by openNewIncidents.
 */
export async function applySubject(db: pg.ClientBase, subject: RuleSubject, existing: OpenIncident): Promise<Exclude<SubjectOutcome, 'opened'>> {
  const known = subject.checks.every((check) => existing.checks.includes(String(check['id']))) && (!subject.componentFailing || existing.components.includes(String(subject.component?.['id'])));
  if (known && existing.status !== 'resolved') return 'unchanged';
  const hypothesis = await rootHypothesis(db, existing.id, existing.title);
  const added = await addEvidence(db, existing.id, hypothesis, subject);
  if (existing.status !== 'resolved') return added > 0 ? 'updated' : 'unchanged';
  await db.query(`UPDATE incidents SET status = 'open' WHERE id = $1`, [existing.id]);
  // What fails again is not done, whatever the last evaluation said.
  await db.query(
    `UPDATE evidences e SET done = false FROM hypotheses h
      WHERE h.id = e.hypothesis_id AND h.incident_id = $1 AND e.definition_of_done AND e.done
        AND (e.check_id = ANY($2::uuid[]) OR e.component_id = $3)`,
    [existing.id, subject.checks.map((check) => check['id']), subject.componentFailing ? (subject.component?.['id'] ?? null) : null],
  );
  return 'reopened';
}

/** The owner of a subject: its component's, else its first failing check's. */
function ownerOf(subject: RuleSubject): string | undefined {
  const owner = subject.component?.['owner'] ?? subject.checks.find((check) => typeof check['owner'] === 'string' && check['owner'] !== '')?.['owner'];
  return typeof owner === 'string' && owner.trim() !== '' ? owner.trim() : undefined;
}

/** The people the subjects' owners name (by id or verified email), for autoAssignOwner. */
async function ownersOf(db: pg.ClientBase, subjects: readonly RuleSubject[]): Promise<Map<string, string>> {
  const owners = [...new Set(subjects.map(ownerOf).filter((owner): owner is string => owner !== undefined))];
  if (owners.length === 0) return new Map();
  const { rows } = await db.query<{ owner: string; id: string }>(
    `SELECT o.owner, n.id FROM unnest($1::text[]) AS o (owner), person_named(o.owner) AS n (id) WHERE n.id IS NOT NULL`,
    [owners],
  );
  return new Map(rows.map((row) => [row.owner, row.id]));
}

/**
 * Opens the rule's incidents for failing subjects that have none, in a handful of statements for all
 * of them: the incidents, their root hypotheses, the failing component and checks as
 * definition-of-done evidence, and the rule's responders. With autoAssignOwner, the subject's owner
 * (a person's id or verified email) is the commander.
 */
export async function openNewIncidents(
  db: pg.ClientBase,
  sandbox: ExpressionSandbox,
  rule: StoredRule,
  spec: IncidentRuleSpec,
  subjects: readonly RuleSubject[],
  errors: string[],
): Promise<number> {
  if (subjects.length === 0) return 0;
  const owners = spec.autoAssignOwner ? await ownersOf(db, subjects) : new Map<string, string>();
  const rows: { subject: string; title: string; description: string | null; commander_id: string | null; evidences: EvidenceItem[] }[] = [];
  for (const subject of subjects) {
    const title = (await rendered(sandbox, spec.template.title, subject, rule)) ?? defaultTitle(subject);
    const description = await rendered(sandbox, spec.template.description, subject, rule);
    const owner = spec.autoAssignOwner ? ownerOf(subject) : undefined;
    if (owner !== undefined && !owners.has(owner)) errors.push(`rule ${rule.name}: the owner ${owner} of ${label(subject.component ?? subject.checks[0])} is no person`);
    const commander = (owner !== undefined ? owners.get(owner) : undefined) ?? spec.template.commander_id ?? null;
    rows.push({ subject: subject.key, title, description: description ?? null, commander_id: commander, evidences: evidenceItems(subject) });
  }
  const created = await db.query<{ id: string; subject: string }>(
    `INSERT INTO incidents (title, description, type, severity, status, commander_id, communicator_id, incident_rule_id, incident_rule_subject)
     SELECT n.title, n.description, $2, $3, $4, n.commander_id, $5, $6, n.subject
       FROM jsonb_to_recordset($1::jsonb) AS n(subject text, title text, description text, commander_id uuid)
     RETURNING id, incident_rule_subject AS subject`,
    [JSON.stringify(rows.map((row) => ({ subject: row.subject, title: row.title, description: row.description, commander_id: row.commander_id }))), spec.template.type, spec.template.severity, spec.template.status, spec.template.communicator_id ?? null, rule.id],
  );
  const incidentOf = new Map(created.rows.map((row) => [row.subject, row.id]));
  const roots = await db.query<{ id: string; incident_id: string }>(
    `INSERT INTO hypotheses (incident_id, title, type, status)
     SELECT n.incident_id, n.title, 'root', 'possible' FROM jsonb_to_recordset($1::jsonb) AS n(incident_id uuid, title text)
     RETURNING id, incident_id`,
    [JSON.stringify(rows.map((row) => ({ incident_id: incidentOf.get(row.subject), title: row.title })))],
  );
  const rootOf = new Map(roots.rows.map((row) => [row.incident_id, row.id]));
  const evidences = rows.flatMap((row) => row.evidences.map((item) => ({ ...item, hypothesis_id: rootOf.get(incidentOf.get(row.subject)!) })));
  await db.query(
    `INSERT INTO evidences (hypothesis_id, type, description, component_id, check_id, definition_of_done)
     SELECT n.hypothesis_id, n.type, n.description, n.component_id, n.check_id, true
       FROM jsonb_to_recordset($1::jsonb) AS n(hypothesis_id uuid, type text, description text, component_id uuid, check_id uuid)`,
    [JSON.stringify(evidences)],
  );
  if (spec.responders.length > 0) {
    const { resolved, missing } = await resolveResponders(db, spec.responders);
    errors.push(...missing.map((reason) => `rule ${rule.name}: ${reason}`));
    await db.query(
      `INSERT INTO responders (incident_id, type, team_id, person_id, properties)
       SELECT i.id, r.type, r.team_id, r.person_id, r.properties
         FROM unnest($1::uuid[]) AS i (id), jsonb_to_recordset($2::jsonb) AS r(type text, team_id uuid, person_id uuid, properties jsonb)`,
      [[...incidentOf.values()], JSON.stringify(resolved)],
    );
  }
  return created.rows.length;
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
        WHERE i.incident_rule_id = $1 AND i.status IN ('new', 'open', 'investigating', 'mitigated') AND i.deleted_at IS NULL
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
        WHERE i.incident_rule_id = $1 AND i.status = 'resolved' AND i.deleted_at IS NULL
          AND coalesce((SELECT max(ih.created_at) FROM incident_histories ih
                         WHERE ih.incident_id = i.id AND ih.type = 'incident.status_updated' AND ih.properties ->> 'to' = 'resolved'),
                       i.updated_at) <= now() - make_interval(secs => $2)`,
      [rule.id, spec.autoCloseMs / 1000],
    );
    closed = result.rowCount ?? 0;
  }
  return { resolved, closed };
}
