import { isRecord, type EvidenceType } from '@pharos/core';
import type { JobDefinition } from '../engine/job.js';
import { scriptVariables, type ScriptResources } from './evidence-scripts.js';
import type { IncidentOptions } from './options.js';

export const EVALUATE_EVIDENCE = 'IncidentEvidenceDone';

interface DoneItem {
  id: string;
  type: EvidenceType;
  script: string | null;
  done: boolean;
  script_result: string | null;
  evidence: Record<string, unknown>;
  incident: Record<string, unknown>;
  component: Record<string, unknown> | null;
  check: Record<string, unknown> | null;
  config: Record<string, unknown> | null;
  analysis: Record<string, unknown> | null;
  change: Record<string, unknown> | null;
}

/** Definition-of-done items of incidents not closed that have a script of their own, with the current rows of what they point at. */
const SCRIPTED_ITEMS = `
  SELECT e.id, e.type, e.script, e.done, e.script_result,
         to_jsonb(e) - 'script_result' AS evidence,
         to_jsonb(i) AS incident,
         to_jsonb(co) AS component,
         to_jsonb(ck) || jsonb_build_object('canary_name', k.name) AS "check",
         to_jsonb(cf) - 'config' AS config,
         to_jsonb(ca) AS analysis,
         to_jsonb(cc) - 'patches' AS change
    FROM evidences e
    JOIN hypotheses h ON h.id = e.hypothesis_id
    JOIN incidents i ON i.id = h.incident_id
    LEFT JOIN components co ON co.id = e.component_id
    LEFT JOIN checks ck ON ck.id = e.check_id
    LEFT JOIN canaries k ON k.id = ck.canary_id
    LEFT JOIN configs cf ON cf.id = e.config_id
    LEFT JOIN config_analysis ca ON ca.id = e.config_analysis_id
    LEFT JOIN config_changes cc ON cc.id = e.config_change_id
   WHERE e.definition_of_done AND e.type <> 'comment' AND btrim(coalesce(e.script, '')) <> '' AND i.status <> 'closed' AND i.deleted_at IS NULL
     AND e.id > $2
   ORDER BY e.id
   LIMIT $1`;

/**
 * The items without a script of their own, by their type's default (DEFAULT_DONE_SCRIPTS, said in
 * SQL so that thousands of rule-made items need no sandbox): a component healthy, a check healthy
 * for over 5 minutes, an insight resolved; one statement, changing only what changed.
 */
const DEFAULT_ITEMS = `
  UPDATE evidences e SET done = d.done, script_result = NULL
    FROM (SELECT e.id,
                 CASE e.type
                   WHEN 'topology' THEN coalesce(co.status = 'healthy', false)
                   WHEN 'check' THEN coalesce(ck.status = 'healthy' AND ck.last_transition_time < now() - interval '5 minutes', false)
                   ELSE coalesce(ca.status = 'resolved', false)
                 END AS done
            FROM evidences e
            JOIN hypotheses h ON h.id = e.hypothesis_id
            JOIN incidents i ON i.id = h.incident_id
            LEFT JOIN components co ON co.id = e.component_id
            LEFT JOIN checks ck ON ck.id = e.check_id
            LEFT JOIN config_analysis ca ON ca.id = e.config_analysis_id
           WHERE e.definition_of_done AND e.type IN ('topology', 'check', 'config_analysis')
             AND btrim(coalesce(e.script, '')) = '' AND i.status <> 'closed' AND i.deleted_at IS NULL) d
   WHERE e.id = d.id AND (e.done IS DISTINCT FROM d.done OR e.script_result IS NOT NULL)`;

const PAGE = 500;
/** Failures named in the job history's details (all are counted, and each is on its row). */
const MAX_ERRORS_KEPT = 20;

/** What a script gives: done when true; anything but a boolean is explained. */
async function outcomeOf(options: IncidentOptions, item: DoneItem, script: string): Promise<{ done: boolean; result: string | null }> {
  const resources: ScriptResources = { component: item.component, check: item.check, config: item.config, analysis: item.analysis, change: item.change };
  try {
    const value = await options.sandbox.evaluateCel(script, scriptVariables(item.type, resources, item.incident, item.evidence));
    if (typeof value === 'boolean') return { done: value, result: null };
    return { done: false, result: `the script must give true or false, it gave ${JSON.stringify(value)}` };
  } catch (error) {
    return { done: false, result: `${script}: ${(error as Error).message}` };
  }
}

/**
 * Evaluates the script of each definition-of-done item (or its type's default) over the current
 * state of what it points at, and saves `done` (with the reason when the script gave no answer).
 */
export async function evaluateEvidence(options: IncidentOptions): Promise<{ evaluated: number; changed: number; failed: number; errors: string[] }> {
  let evaluated = 0;
  let changed = (await options.pool.query(DEFAULT_ITEMS)).rowCount ?? 0;
  let failed = 0;
  const errors: string[] = [];
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const { rows } = await options.pool.query<DoneItem>(SCRIPTED_ITEMS, [PAGE, after]);
    for (const item of rows) {
      after = item.id;
      const script = (item.script ?? '').trim();
      evaluated += 1;
      const outcome = await outcomeOf(options, { ...item, evidence: isRecord(item.evidence) ? item.evidence : {} }, script);
      if (outcome.result) {
        failed += 1;
        if (errors.length < MAX_ERRORS_KEPT) errors.push(`evidence ${item.id}: ${outcome.result}`);
      }
      if (outcome.done === item.done && outcome.result === item.script_result) continue;
      const { rowCount } = await options.pool.query(
        `UPDATE evidences SET done = $2, script_result = $3
          WHERE id = $1 AND definition_of_done AND (done IS DISTINCT FROM $2 OR script_result IS DISTINCT FROM $3)`,
        [item.id, outcome.done, outcome.result],
      );
      changed += rowCount ?? 0;
    }
    if (rows.length < PAGE) break;
  }
  return { evaluated, changed, failed, errors };
}

/** The job that keeps definition-of-done items' `done` in step with what they point at. */
export function evaluateEvidenceJob(options: IncidentOptions): JobDefinition {
  return {
    name: EVALUATE_EVIDENCE,
    timeoutMs: 5 * 60_000,
    async run() {
      const { evaluated, changed, failed, errors } = await evaluateEvidence(options);
      return { successCount: evaluated - failed, errorCount: failed, details: { errors, summary: { evaluated, changed, failed } } };
    },
  };
}
