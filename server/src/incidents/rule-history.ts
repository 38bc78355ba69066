import { hostname } from 'node:os';
import { TABLE_RESOURCE_TYPES } from '@pharos/core';
import type pg from 'pg';
import type { StoredRule } from './rule-incidents.js';

/** What one rule did in a run, as its Job History tab shows it. */
export interface RuleRun {
  started: Date;
  /** Failing subjects the rule looked at. */
  subjects: number;
  summary: Record<string, number>;
  errors: string[];
  /** The rule's transaction failed and was rolled back. */
  failed: boolean;
}

/**
 * Records one run of a rule in job_histories under the rule (resource_type incident_rule), so the
 * rule's Job History tab (spec 3) lists its runs; job history retention keeps the latest per rule.
 */
export async function recordRuleRun(pool: pg.Pool, name: string, rule: StoredRule, run: RuleRun): Promise<void> {
  const status = run.failed ? 'FAILED' : run.errors.length > 0 ? 'WARNING' : 'SUCCESS';
  await pool.query(
    `insert into job_histories (name, resource_id, resource_type, resource_name, hostname, status, time_start, time_end,
                                duration_millis, success_count, error_count, details)
     values ($1, $2, $3, $4, $5, $6, $7, now(), greatest(0, (extract(epoch from now() - $7::timestamptz) * 1000)::integer), $8, $9, $10)`,
    [
      name,
      rule.id,
      TABLE_RESOURCE_TYPES.incident_rules,
      rule.name,
      hostname(),
      status,
      run.started,
      run.failed ? 0 : run.subjects,
      run.errors.length,
      { errors: run.errors, summary: run.summary },
    ],
  );
}
