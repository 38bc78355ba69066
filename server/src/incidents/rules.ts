import type { JobDefinition } from '../engine/job.js';
import type { IncidentOptions } from './options.js';
import { recordRuleRun } from './rule-history.js';
import { withinHours } from './rule-hours.js';
import { applySubject, openIncidents, openNewIncidents, settleIncidents, type StoredRule, type SubjectOutcome } from './rule-incidents.js';
import { readIncidentRuleSpec, type IncidentRuleSpec } from './rule-spec.js';
import { failingSubjects } from './rule-subjects.js';

export const INCIDENT_RULES = 'IncidentRules';

export interface RulesOutcome {
  rules: number;
  opened: number;
  reopened: number;
  updated: number;
  resolved: number;
  closed: number;
  /** Failing subjects left without an incident because the rule is outside its hours of operation. */
  outsideHours: number;
  errors: string[];
}

/**
 * Runs every live incident rule, highest priority first: each in its own transaction, holding the
 * rule's advisory lock, so two processes never open the same incident twice. A subject taken by a
 * rule with breakOnMatch is left to it. Outside a rule's hours of operation it opens nothing new, but
 * still adds to, resolves and closes the incidents it has.
 */
export async function runIncidentRules(options: IncidentOptions): Promise<RulesOutcome> {
  const outcome: RulesOutcome = { rules: 0, opened: 0, reopened: 0, updated: 0, resolved: 0, closed: 0, outsideHours: 0, errors: [] };
  const { rows } = await options.pool.query<StoredRule & { spec: unknown }>(`SELECT id, name, spec FROM incident_rules WHERE deleted_at IS NULL ORDER BY created_at, id`);
  const rules: { rule: StoredRule; spec: IncidentRuleSpec }[] = [];
  for (const row of rows) {
    const read = readIncidentRuleSpec(row.spec);
    if ('problems' in read) {
      const error = `rule ${row.name}: ${read.problems.map((p) => `${p.path.length ? `${p.path.join('.')}: ` : ''}${p.reason}`).join('; ')}`;
      outcome.errors.push(error);
      await record(options, { id: row.id, name: row.name }, { started: new Date(), subjects: 0, summary: {}, errors: [error], failed: true }, outcome);
      continue;
    }
    rules.push({ rule: { id: row.id, name: row.name }, spec: read.spec });
  }
  rules.sort((a, b) => b.spec.priority - a.spec.priority);
  const taken = new Set<string>();
  for (const { rule, spec } of rules) {
    const started = new Date();
    const errorsBefore = outcome.errors.length;
    const client = await options.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('incident_rules'), hashtext($1))`, [rule.id]);
      const subjects = (await failingSubjects(client, options.sandbox, spec)).filter((subject) => !taken.has(subject.key));
      const counts: Record<SubjectOutcome, number> = { opened: 0, reopened: 0, updated: 0, unchanged: 0 };
      const open = await openIncidents(client, rule.id);
      const fresh: typeof subjects = [];
      for (const subject of subjects) {
        const existing = open.get(subject.key);
        if (existing) counts[await applySubject(client, subject, existing)] += 1;
        else fresh.push(subject);
      }
      const inHours = withinHours(spec.hoursOfOperation, new Date());
      counts.opened += inHours ? await openNewIncidents(client, options.sandbox, rule, spec, fresh, outcome.errors) : 0;
      if (!inHours) outcome.outsideHours += fresh.length;
      const settled = await settleIncidents(
        client,
        rule,
        spec,
        subjects.map((subject) => subject.key),
      );
      await client.query('COMMIT');
      outcome.rules += 1;
      outcome.opened += counts.opened;
      outcome.reopened += counts.reopened;
      outcome.updated += counts.updated;
      outcome.resolved += settled.resolved;
      outcome.closed += settled.closed;
      if (spec.breakOnMatch) for (const subject of subjects) taken.add(subject.key);
      const summary = { ...counts, resolved: settled.resolved, closed: settled.closed, outsideHours: inHours ? 0 : fresh.length };
      await record(options, rule, { started, subjects: subjects.length, summary, errors: outcome.errors.slice(errorsBefore), failed: false }, outcome);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      outcome.errors.push(`rule ${rule.name}: ${(error as Error).message}`);
      await record(options, rule, { started, subjects: 0, summary: {}, errors: outcome.errors.slice(errorsBefore), failed: true }, outcome);
    } finally {
      client.release();
    }
  }
  return outcome;
}

/** A run's record under its rule; failing to write it is one more error of the run, not a failed rule. */
async function record(options: IncidentOptions, rule: StoredRule, run: Parameters<typeof recordRuleRun>[3], outcome: RulesOutcome): Promise<void> {
  try {
    await recordRuleRun(options.pool, INCIDENT_RULES, rule, run);
  } catch (error) {
    outcome.errors.push(`rule ${rule.name}: recording its run failed: ${(error as Error).message}`);
  }
}

/** The job that runs incident rules on the engine's schedule. */
export function incidentRulesJob(options: IncidentOptions): JobDefinition {
  return {
    name: INCIDENT_RULES,
    timeoutMs: 5 * 60_000,
    async run() {
      const { errors, ...counts } = await runIncidentRules(options);
      return { successCount: counts.rules, errorCount: errors.length, details: { errors, summary: counts } };
    },
  };
}
