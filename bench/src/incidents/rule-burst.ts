import type pg from 'pg';
import { runIncidentRules, type RulesOutcome } from '../../../server/dist/incidents/rules.js';
import { ExpressionSandbox } from '../server.js';

export interface BurstSize {
  checks: number;
  components: number;
  /** Rule runs started at once, as several server processes would. */
  runners: number;
}

export interface BurstResult {
  /** Recording the failures (one insert of check results, the checks' status by trigger). */
  recordMs: number;
  /** From the failures recorded (committed) to every runner done. */
  openMs: number;
  /** The plain SELECT of the failing checks with their components (what the rule reads), the baseline. */
  plainMs: number;
  /** A run after, which finds every incident open already. */
  idleMs: number;
  incidents: number;
  subjects: number;
  duplicated: number;
  evidences: number;
  outcomes: RulesOutcome[];
  idle: RulesOutcome;
}

const RULE = 'bench-burst';
const LABEL = 'bench-burst';

/** Removes what an earlier (perhaps interrupted) burst left. */
export async function clearBurst(pool: pg.Pool): Promise<void> {
  await pool.query(`delete from incidents where incident_rule_id in (select id from incident_rules where name = $1)`, [RULE]);
  await pool.query(`delete from incident_rules where name = $1`, [RULE]);
  await pool.query(`delete from canaries where name = $1`, [RULE]);
  await pool.query(`delete from components where name like 'bench-burst-%'`);
}

/**
 * An incident rule over `checks` healthy checks spread evenly over `components` components, all made
 * to fail at once by recording a failed result for each (as a canary run does); then `runners` runs
 * of the rule at once. Every component should get exactly one incident.
 */
export async function ruleBurst(pool: pg.Pool, size: BurstSize): Promise<BurstResult> {
  await clearBurst(pool);
  await pool.query(
    `with canary as (insert into canaries (name, namespace, source) values ($1, 'bench', 'bench') returning id)
     insert into checks (canary_id, type, name, labels, status, last_runtime, last_transition_time)
     select canary.id, 'http', 'bench-burst-check-' || g, jsonb_build_object('suite', $2::text), 'healthy', now() - interval '1 minute', now() - interval '1 day'
       from canary, generate_series(1, $3::int) g`,
    [RULE, LABEL, size.checks],
  );
  await pool.query(`insert into components (name, type, status, health) select 'bench-burst-' || g, 'Service', 'healthy', 'healthy' from generate_series(1, $1::int) g`, [size.components]);
  await pool.query(
    `insert into check_component_relationships (component_id, check_id, selector_id)
     select co.id, ck.id, 'bench' from checks ck join canaries k on k.id = ck.canary_id and k.name = $1
       join components co on co.name = 'bench-burst-' || (1 + (substring(ck.name from '[0-9]+$')::int % $2::int))`,
    [RULE, size.components],
  );
  await pool.query(`insert into incident_rules (name, spec) values ($1, $2)`, [RULE, JSON.stringify({ checks: [{ labelSelector: `suite=${LABEL}` }], template: { severity: 'high', type: 'availability' } })]);
  await pool.query('analyze checks, components, check_component_relationships, canaries');

  const sandbox = new ExpressionSandbox();
  try {
    const failing = `select ck.id from checks ck join canaries k on k.id = ck.canary_id where k.name = $1`;
    const started = performance.now();
    await pool.query(`insert into check_statuses (check_id, time, status, duration, message) select id, now(), false, 5, 'bench burst' from (${failing}) f`, [RULE]);
    const recorded = performance.now();
    const recordMs = recorded - started;
    const outcomes = await Promise.all(Array.from({ length: size.runners }, () => runIncidentRules({ pool, sandbox })));
    const openMs = performance.now() - recorded;

    const plainStarted = performance.now();
    const { rows: plainRows } = await pool.query(
      `select ck.*, co.id as component_id, co.name as component_name from checks ck
         join canaries k on k.id = ck.canary_id and k.name = $1
         join check_component_relationships r on r.check_id = ck.id join components co on co.id = r.component_id
        where ck.status = 'unhealthy'`,
      [RULE],
    );
    JSON.stringify(plainRows);
    const plainMs = performance.now() - plainStarted;

    const idleStarted = performance.now();
    const idle = await runIncidentRules({ pool, sandbox });
    const idleMs = performance.now() - idleStarted;

    const { rows } = await pool.query<{ incidents: number; subjects: number; duplicated: number; evidences: number }>(
      `with mine as (select i.* from incidents i join incident_rules r on r.id = i.incident_rule_id and r.name = $1)
       select (select count(*) from mine)::int as incidents,
              (select count(distinct incident_rule_subject) from mine)::int as subjects,
              (select count(*) from (select incident_rule_subject from mine group by 1 having count(*) > 1) d)::int as duplicated,
              (select count(*) from evidences e join hypotheses h on h.id = e.hypothesis_id join mine on mine.id = h.incident_id)::int as evidences`,
      [RULE],
    );
    return { recordMs, openMs, plainMs, idleMs, ...rows[0]!, outcomes, idle };
  } finally {
    await sandbox.close();
  }
}
