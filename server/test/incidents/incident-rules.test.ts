import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { incidentRule, incidentTest } from './helpers.js';

/**
 * IncidentRule specs applied through /api/apply, run by the engine every second over checks made to
 * fail and recover by recording their results, as canary runs do: one incident per failing component
 * (or lone check), added to instead of duplicated, resolved once its definition of done is met and
 * closed after the rule's delay.
 */

const env = incidentTest();
const responderEmail = `oncall-${randomUUID()}@example.com`;

interface RuleIncident {
  id: string;
  title: string;
  status: string;
  severity: string;
  type: string;
  incident_rule_subject: string;
  hypotheses: { type: string; title: string }[];
  evidences: { type: string; check_id: string | null; component_id: string | null; definition_of_done: boolean; done: boolean }[];
  responders: { type: string; team_id: string | null; person_id: string | null; properties: Record<string, unknown> }[];
}

async function incidentsOf(rule: string): Promise<RuleIncident[]> {
  const { rows } = await env.pool.query<RuleIncident>(
    `select i.id, i.title, i.status, i.severity, i.type, i.incident_rule_subject,
            (select coalesce(jsonb_agg(jsonb_build_object('type', h.type, 'title', h.title)), '[]') from hypotheses h where h.incident_id = i.id) as hypotheses,
            (select coalesce(jsonb_agg(jsonb_build_object('type', e.type, 'check_id', e.check_id, 'component_id', e.component_id,
                                                          'definition_of_done', e.definition_of_done, 'done', e.done) order by e.created_at), '[]')
               from evidences e join hypotheses h on h.id = e.hypothesis_id where h.incident_id = i.id) as evidences,
            (select coalesce(jsonb_agg(jsonb_build_object('type', r.type, 'team_id', r.team_id, 'person_id', r.person_id, 'properties', r.properties)), '[]')
               from responders r where r.incident_id = i.id) as responders
       from incidents i join incident_rules r on r.id = i.incident_rule_id where r.name = $1 order by i.created_at`,
    [rule],
  );
  return rows;
}

let teamId: string;
let personId: string;

beforeAll(async () => {
  teamId = (await env.pool.query<{ id: string }>(`insert into teams (name) values ('sre') returning id`)).rows[0]!.id;
  personId = (await env.pool.query<{ id: string }>(`insert into people (name, email) values ('On call', $1) returning id`, [responderEmail])).rows[0]!.id;
});

describe('an incident rule over checks', () => {
  it('opens one incident per failing component, adds to it, and resolves then closes it when its checks recover', async () => {
    const applied = await env.apply(
      incidentRule(
        'shop-checks',
        `
checks:
  - labelSelector: app=shop
template:
  severity: high
  type: performance
responders:
  - team: sre
    type: email
    properties: {to: sre@example.com, subject: Shop is failing, body: Please look}
  - person: ${responderEmail}
autoResolve:
  timeout: 0s
autoClose:
  timeout: 3s`,
      ),
    );
    expect(applied.status, await applied.clone().text()).toBe(200);

    const checks = await env.checks('shop', ['checkout', 'cart', 'search', 'other']);
    await env.pool.query(`update checks set labels = '{"app": "shop"}' where id = any($1)`, [[checks['checkout'], checks['cart'], checks['search']]]);
    const { rows } = await env.pool.query<{ id: string }>(`insert into components (name, type, status, health) values ('shop-web', 'WebApp', 'healthy', 'healthy') returning id`);
    const component = rows[0]!.id;
    await env.pool.query(`insert into check_component_relationships (component_id, check_id) values ($1, $2), ($1, $3)`, [component, checks['checkout'], checks['cart']]);

    await env.result(checks['checkout']!, false, 900);
    await env.result(checks['other']!, false, 900);
    const [opened] = await env.until(() => incidentsOf('shop-checks'), (list) => list.length === 1);
    expect(opened).toMatchObject({
      title: 'shop-web: checkout failing',
      status: 'open',
      severity: 'high',
      type: 'performance',
      incident_rule_subject: `component:${component}`,
      hypotheses: [{ type: 'root', title: 'shop-web: checkout failing' }],
      evidences: [{ type: 'check', check_id: checks['checkout'], component_id: null, definition_of_done: true, done: false }],
    });
    expect(opened!.responders).toEqual(
      expect.arrayContaining([
        { type: 'system', team_id: teamId, person_id: null, properties: { responderType: 'email', to: 'sre@example.com', subject: 'Shop is failing', body: 'Please look' } },
        { type: 'person', team_id: null, person_id: personId, properties: { responderType: 'person', person: personId } },
      ]),
    );

    // A second failing check of the same component is added to its incident; a lone check gets its own.
    await env.result(checks['cart']!, false, 900);
    await env.result(checks['search']!, false, 900);
    const both = await env.until(() => incidentsOf('shop-checks'), (list) => list.length === 2 && list[0]!.evidences.length === 2);
    expect(both[0]!.id).toBe(opened!.id);
    expect(both[0]!.evidences.map((evidence) => evidence.check_id)).toEqual([checks['checkout'], checks['cart']]);
    expect(both[1]).toMatchObject({ title: 'search is failing', incident_rule_subject: `check:${checks['search']}`, evidences: [{ type: 'check', check_id: checks['search'] }] });

    // Later runs see the same failures and open nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await incidentsOf('shop-checks')).map((incident) => incident.evidences.length)).toEqual([2, 1]);

    // One check back is not enough; both healthy for over 5 minutes resolve it, and it closes 3 s later.
    await env.result(checks['checkout']!, true, 400);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await incidentsOf('shop-checks'))[0]!.status).toBe('open');
    await env.result(checks['cart']!, true, 400);
    const resolved = await env.until(() => incidentsOf('shop-checks'), (list) => list[0]!.status !== 'open');
    expect(resolved[0]!.status).toBe('resolved');
    expect(resolved[0]!.evidences.every((evidence) => evidence.done)).toBe(true);
    expect(resolved[1]!.status).toBe('open');
    await env.until(() => incidentsOf('shop-checks'), (list) => list[0]!.status === 'closed');

    const { rows: history } = await env.pool.query<{ type: string; properties: Record<string, unknown> }>(
      `select type, properties from incident_histories where incident_id = $1 and type = 'incident.status_updated' order by created_at`,
      [opened!.id],
    );
    expect(history.map((entry) => entry.properties)).toEqual([
      { from: 'open', to: 'resolved' },
      { from: 'resolved', to: 'closed' },
    ]);

    // Failing again after it closed opens a new incident.
    await env.result(checks['checkout']!, false, 0);
    const again = await env.until(() => incidentsOf('shop-checks'), (list) => list.length === 3);
    expect(again[2]).toMatchObject({ status: 'open', incident_rule_subject: `component:${component}` });
  });
});

describe('an incident rule over components', () => {
  it('opens an incident for a failing component its filter lets through, reopens it when it fails again, and never duplicates it', async () => {
    const applied = await env.apply(
      incidentRule(
        'databases',
        `
components:
  - types: [database]
filter:
  status: [unhealthy, warning]
  expr: "!component.name.startsWith('scratch')"
template:
  title: "{{ .component.name }} needs attention"
  description: Opened by a rule
autoResolve:
  timeout: 0s`,
      ),
    );
    expect(applied.status, await applied.clone().text()).toBe(200);
    const { rows } = await env.pool.query<{ id: string; name: string }>(
      `insert into components (name, type, status, health) values ('orders-db', 'database', 'healthy', 'healthy'), ('scratch-db', 'database', 'healthy', 'healthy'), ('web', 'WebApp', 'healthy', 'healthy') returning id, name`,
    );
    const ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    await env.pool.query(`update components set status = 'unhealthy', health = 'unhealthy' where id = any($1)`, [Object.values(ids)]);

    const [opened] = await env.until(() => incidentsOf('databases'), (list) => list.length === 1);
    expect(opened).toMatchObject({
      title: 'orders-db needs attention',
      status: 'open',
      severity: 'low',
      type: 'availability',
      evidences: [{ type: 'topology', component_id: ids['orders-db'], definition_of_done: true, done: false }],
    });

    await env.pool.query(`update components set status = 'healthy', health = 'healthy' where id = $1`, [ids['orders-db']]);
    await env.until(() => incidentsOf('databases'), (list) => list[0]!.status === 'resolved');
    await env.pool.query(`update components set status = 'warning', health = 'warning' where id = $1`, [ids['orders-db']]);
    const reopened = await env.until(() => incidentsOf('databases'), (list) => list[0]!.status === 'open');
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.id).toBe(opened!.id);
    expect(reopened[0]!.evidences).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await incidentsOf('databases')).toEqual([expect.objectContaining({ id: opened!.id, status: 'open' })]);
  });
});

describe('applying an IncidentRule', () => {
  it('refuses a spec it cannot run, with the path and reason', async () => {
    const response = await env.apply(
      incidentRule(
        'broken',
        `
checks:
  - types: 42
filter:
  age: soon
template:
  severity: urgent
responders:
  - team: sre
    type: jira
    properties: {project: OPS}`,
      ),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { problems: { path: string; reason: string }[] };
    expect(body.problems.map(({ path, reason }) => ({ path, reason }))).toEqual(
      expect.arrayContaining([
        { path: '/spec/checks', reason: 'checks[0].types must be an array of non-empty strings' },
        { path: '/spec/filter/age', reason: "'soon' is not a duration such as 30s, 5m or 1h" },
        { path: '/spec/template/severity', reason: "'urgent' is not one of info, warning, low, medium, high, blocker, critical" },
        { path: '/spec/responders/0/properties/issueType', reason: 'Please provide valid value' },
      ]),
    );
    expect((await env.pool.query(`select 1 from incident_rules where name = 'broken'`)).rowCount).toBe(0);
  });
});
