import { describe, expect, it } from 'vitest';
import { incidentTest } from './helpers.js';

/**
 * Each incident rule's runs are recorded under the rule in job_histories (resource_type
 * incident_rule), which its Job History tab in settings reads (spec 3: Rules has the sub-tabs Spec
 * and Job History): what it opened for a really failing check, and why a rule that cannot run failed.
 */

const env = incidentTest();

interface HistoryRow {
  name: string;
  status: string;
  resource_name: string;
  success_count: number;
  error_count: number;
  details: { errors?: string[]; summary?: Record<string, number> };
}

async function runsOf(ruleId: string): Promise<HistoryRow[]> {
  const response = await fetch(`${env.server.url}/api/db/job_histories?resource_id=eq.${ruleId}&resource_type=eq.incident_rule&order=created_at.desc`, {
    headers: { authorization: `Bearer ${env.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as HistoryRow[];
}

describe("an incident rule's job history", () => {
  it('records each run under the rule, with what it opened, and a rule that cannot run as failed', async () => {
    const insertRule = async (name: string, spec: unknown) =>
      (await env.pool.query<{ id: string }>(`insert into incident_rules (name, spec) values ($1, $2) returning id`, [name, spec])).rows[0]!.id;
    const working = await insertRule('history-checks', { checks: [{ labelSelector: 'app=history' }], autoResolve: { timeout: '0s' } });
    const broken = await insertRule('history-broken', { checks: [{ types: 42 }] });

    const checks = await env.checks('history', ['login']);
    await env.pool.query(`update checks set labels = '{"app": "history"}' where id = $1`, [checks['login']]);
    await env.result(checks['login']!, false, 60);

    const runs = await env.until(() => runsOf(working), (rows) => rows.some((row) => row.details.summary?.['opened'] === 1));
    const opening = runs.find((row) => row.details.summary?.['opened'] === 1)!;
    expect(opening).toMatchObject({ name: 'IncidentRules', status: 'SUCCESS', resource_name: 'history-checks', success_count: 1, error_count: 0 });
    const { rows: incidents } = await env.pool.query(`select 1 from incidents where incident_rule_id = $1`, [working]);
    expect(incidents).toHaveLength(1);

    const [failed] = await env.until(() => runsOf(broken), (rows) => rows.length > 0);
    expect(failed).toMatchObject({ name: 'IncidentRules', status: 'FAILED', resource_name: 'history-broken', error_count: 1 });
    expect(failed!.details.errors).toEqual(['rule history-broken: checks: checks[0].types must be an array of non-empty strings']);
  });
});
