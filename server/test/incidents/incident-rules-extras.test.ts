import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { incidentRule, incidentTest } from './helpers.js';

/**
 * What an IncidentRule takes besides its selectors, as mission-control's files write it: responders
 * as a map keyed by client type (a team picked by its responder clients when none is named),
 * hoursOfOperation (new incidents only inside the windows, UTC), and autoAssignOwner (the failing
 * component's owner commands the incident). Applied through /api/apply and run by the engine every
 * second over checks made to fail by recording their results.
 */

const env = incidentTest();
const ownerEmail = `owner-${randomUUID()}@example.com`;
const oncallEmail = `oncall-${randomUUID()}@example.com`;

interface RuleIncident {
  id: string;
  commander_id: string | null;
  incident_rule_subject: string;
  responders: { type: string; team_id: string | null; person_id: string | null; properties: Record<string, unknown> }[];
}

async function incidentsOf(rule: string): Promise<RuleIncident[]> {
  const { rows } = await env.pool.query<RuleIncident>(
    `select i.id, i.commander_id, i.incident_rule_subject,
            (select coalesce(jsonb_agg(jsonb_build_object('type', r.type, 'team_id', r.team_id, 'person_id', r.person_id, 'properties', r.properties) order by r.type, r.properties ->> 'responderType'), '[]')
               from responders r where r.incident_id = i.id) as responders
       from incidents i join incident_rules r on r.id = i.incident_rule_id where r.name = $1 order by i.created_at`,
    [rule],
  );
  return rows;
}

const apply = (name: string, spec: string): Promise<Response> => env.apply(incidentRule(name, spec));

async function problemsOf(response: Response): Promise<{ path: string; reason: string }[]> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { problems: { path: string; reason: string }[] }).problems.map(({ path, reason }) => ({ path, reason }));
}

/** `HH:MM` of the UTC time `minutes` from now. */
function clock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

/** A check labelled `suite=<suite>`, of a component owned by `owner` when given, then failing for 15 minutes. */
async function failingCheck(suite: string, owner?: string): Promise<{ check: string; component?: string }> {
  const check = (await env.checks(`extras-${suite}`, [`${suite}-check`]))[`${suite}-check`]!;
  await env.pool.query(`update checks set labels = jsonb_build_object('suite', $2::text) where id = $1`, [check, suite]);
  let component: string | undefined;
  if (owner !== undefined) {
    const { rows } = await env.pool.query<{ id: string }>(`insert into components (name, type, status, health, owner) values ($1, 'API', 'healthy', 'healthy', $2) returning id`, [`${suite}-api`, owner]);
    component = rows[0]!.id;
    await env.pool.query(`insert into check_component_relationships (component_id, check_id) values ($1, $2)`, [component, check]);
  }
  await env.result(check, false, 900);
  return { check, ...(component ? { component } : {}) };
}

let emailTeam: string;
let jiraTeam: string;
let ownerId: string;
let oncallId: string;

beforeAll(async () => {
  const teams = await env.pool.query<{ id: string; name: string }>(
    `insert into teams (name, spec) values
       ('mail-desk', '{"responder_clients": {"email": {"connection": "connection://smtp"}}}'),
       ('platform', '{"responder_clients": {"jira": {"url": "http://127.0.0.1:9"}}}')
     returning id, name`,
  );
  emailTeam = teams.rows.find((t) => t.name === 'mail-desk')!.id;
  jiraTeam = teams.rows.find((t) => t.name === 'platform')!.id;
  const people = await env.pool.query<{ id: string; email: string }>(`insert into people (name, email) values ('Owner', $1), ('On call', $2) returning id, email`, [ownerEmail, oncallEmail]);
  ownerId = people.rows.find((p) => p.email === ownerEmail)!.id;
  oncallId = people.rows.find((p) => p.email === oncallEmail)!.id;
});

describe('responders as a map keyed by client type', () => {
  it('adds a responder of each client type, picking the team that has the client when none is named', async () => {
    const applied = await apply(
      'mapped',
      `
checks:
  - labelSelector: suite=mapped
responders:
  email:
    - to: sre@example.com
      subject: Checks failing
      body: Please look
  jira:
    - team: platform
      project: OPS
      issueType: Bug
      summary: Checks failing
      description: Opened by a rule
      priority: High
  person:
    - ${oncallEmail}`,
    );
    expect(applied.status, await applied.clone().text()).toBe(200);
    await failingCheck('mapped');
    const [incident] = await env.until(() => incidentsOf('mapped'), (list) => list.length === 1);
    expect(incident!.responders).toEqual([
      { type: 'person', team_id: null, person_id: oncallId, properties: expect.objectContaining({ responderType: 'person', person: oncallId }) },
      { type: 'system', team_id: emailTeam, person_id: null, properties: expect.objectContaining({ responderType: 'email', to: 'sre@example.com', subject: 'Checks failing', body: 'Please look' }) },
      {
        type: 'system',
        team_id: jiraTeam,
        person_id: null,
        properties: expect.objectContaining({ responderType: 'jira', project: 'OPS', issueType: 'Bug', summary: 'Checks failing', description: 'Opened by a rule', priority: 'High' }),
      },
    ]);
  });

  it("refuses a client type Pharos has no client for and a client's missing field", async () => {
    const problems = await problemsOf(
      await apply(
        'mapped-broken',
        `
checks:
  - labelSelector: suite=none
responders:
  slack:
    - channel: ops
  jira:
    - project: OPS
      issueType: Bug
      priority: High`,
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '/spec/responders/slack', reason: expect.stringMatching(/^unknown responder type slack: one of email, jira, service_now/) },
        { path: '/spec/responders/jira/0/summary', reason: 'Please provide valid value' },
        { path: '/spec/responders/jira/0/description', reason: 'Please provide valid value' },
      ]),
    );
  });
});

describe('hoursOfOperation', () => {
  it('opens incidents only inside its windows (UTC), or outside them with negate', async () => {
    for (const [name, window] of [
      ['office-hours', `{start: "${clock(-60)}", end: "${clock(60)}"}`],
      ['night-shift', `{start: "${clock(120)}", end: "${clock(180)}"}`],
      ['not-night-shift', `{start: "${clock(120)}", end: "${clock(180)}", negate: true}`],
    ] as const) {
      const applied = await apply(name, `checks:\n  - labelSelector: suite=${name}\nhoursOfOperation:\n  - ${window}`);
      expect(applied.status, await applied.clone().text()).toBe(200);
      await failingCheck(name);
    }
    await env.until(() => incidentsOf('office-hours'), (list) => list.length === 1);
    await env.until(() => incidentsOf('not-night-shift'), (list) => list.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await incidentsOf('night-shift')).toEqual([]);
  });

  it('refuses a time that is not a time of day', async () => {
    const problems = await problemsOf(await apply('bad-hours', `checks:\n  - labelSelector: suite=none\nhoursOfOperation:\n  - {start: "25:00", end: "17:00", negate: maybe}`));
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '/spec/hoursOfOperation/0/start', reason: "'25:00' is not a time of day such as 09:00 or 17:30" },
        { path: '/spec/hoursOfOperation/0/negate', reason: 'must be true or false' },
      ]),
    );
  });
});

describe('autoAssignOwner', () => {
  it("makes the failing component's owner the incident's commander", async () => {
    const applied = await apply('owned', `checks:\n  - labelSelector: suite=owned\nautoAssignOwner: true`);
    expect(applied.status, await applied.clone().text()).toBe(200);
    const { component } = await failingCheck('owned', ownerEmail);
    const [incident] = await env.until(() => incidentsOf('owned'), (list) => list.length === 1);
    expect(incident).toMatchObject({ commander_id: ownerId, incident_rule_subject: `component:${component}` });
  });

  it('leaves the commander to the template when the rule does not assign owners', async () => {
    const applied = await apply('unowned', `checks:\n  - labelSelector: suite=unowned\ntemplate:\n  commander_id: ${oncallId}`);
    expect(applied.status, await applied.clone().text()).toBe(200);
    await failingCheck('unowned', ownerEmail);
    const [incident] = await env.until(() => incidentsOf('unowned'), (list) => list.length === 1);
    expect(incident!.commander_id).toBe(oncallId);
  });
});
