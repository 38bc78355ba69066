import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncResponders } from '../../src/incidents/responders/sync.js';
import { TEST_SECRETS } from '../support/server.js';
import { json, respondersTest, StandIn, type Received } from './responders-support.js';

/**
 * Jira responders: the real Jira Cloud cannot be reached from here, so an HTTP server on loopback
 * stands in for it. It checks each documented REST API v2 request (path, Basic auth of email and API
 * token, the issue's fields) and answers as Jira does: 201 {id, key, self} on create, the issue's
 * status (with its statusCategory), resolution and comments on GET, Jira's error shape on refusal.
 */

const env = respondersTest();
const jira = new StandIn();
const AUTH = `Basic ${Buffer.from('ops@example.com:jira-token').toString('base64')}`;

interface Issue {
  status: string;
  category: 'new' | 'indeterminate' | 'done';
  resolution: string | null;
  comments: { id: string; body: string; author: { displayName: string } }[];
}
const issues = new Map<string, Issue>();
let refuseNext = 0;
let createDelayMs = 0;

const PROJECTS = [
  { id: '10000', key: 'OPS', name: 'Operations' },
  { id: '10001', key: 'WEB', name: 'Website' },
];
const ISSUE_TYPES: Record<string, { id: string; name: string }[]> = {
  OPS: [{ id: '1', name: 'Incident' }, { id: '2', name: 'Task' }],
  WEB: [{ id: '3', name: 'Bug' }],
};
const PRIORITIES: Record<string, { id: string; name: string }[]> = {
  '1': [{ id: '1', name: 'Highest' }, { id: '2', name: 'High' }],
  '3': [{ id: '5', name: 'Minor' }],
};

async function route(request: Received, response: Parameters<StandIn['handle']>[1]): Promise<void> {
  if (request.headers.authorization !== AUTH) return json(response, 401, { errorMessages: ['You are not authenticated.'], errors: {} });
  const path = request.url.split('?')[0]!;
  if (request.method === 'POST' && path === '/rest/api/2/issue') {
    if (request.headers['content-type'] !== 'application/json') return json(response, 415, { errorMessages: ['Unsupported media type'] });
    if (refuseNext > 0) {
      refuseNext -= 1;
      return json(response, 400, { errorMessages: [], errors: { priority: 'Priority name is invalid' } });
    }
    if (createDelayMs) await new Promise((resolve) => setTimeout(resolve, createDelayMs));
    const key = `OPS-${issues.size + 1}`;
    issues.set(key, { status: 'Open', category: 'new', resolution: null, comments: [] });
    return json(response, 201, { id: String(10_000 + issues.size), key, self: `${jira.url}/rest/api/2/issue/${key}` });
  }
  const issue = /^\/rest\/api\/2\/issue\/([A-Z]+-\d+)$/.exec(path);
  if (request.method === 'GET' && issue) {
    const found = issues.get(issue[1]!);
    if (!found) return json(response, 404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} });
    return json(response, 200, {
      key: issue[1],
      fields: {
        status: { name: found.status, statusCategory: { key: found.category } },
        resolution: found.resolution ? { name: found.resolution } : null,
        comment: { comments: found.comments, total: found.comments.length },
      },
    });
  }
  if (request.method === 'GET' && path === '/rest/api/2/project') return json(response, 200, PROJECTS);
  const types = /^\/rest\/api\/2\/issue\/createmeta\/([A-Z]+)\/issuetypes(?:\/(\d+))?$/.exec(path);
  if (request.method === 'GET' && types) {
    if (types[1] === 'BROKEN') return json(response, 500, { errorMessages: ['Internal server error'] });
    if (!types[2]) return json(response, 200, { maxResults: 50, startAt: 0, total: ISSUE_TYPES[types[1]!]?.length ?? 0, values: ISSUE_TYPES[types[1]!] ?? [] });
    return json(response, 200, { values: [{ fieldId: 'summary', name: 'Summary' }, { fieldId: 'priority', name: 'Priority', allowedValues: PRIORITIES[types[2]] ?? [] }] });
  }
  return json(response, 404, { errorMessages: [`no route ${request.method} ${path}`] });
}

let teamId: string;
let incidentId: string;

const jiraFields = (summary: string) => ({ responderType: 'jira', project: 'OPS', issueType: 'Incident', summary, description: `${summary}: the checkout fails`, priority: 'High' });

beforeAll(async () => {
  await jira.start();
  jira.handle = route;
  await env.connection({ name: 'jira-cloud', type: 'http', url: jira.url, username: 'ops@example.com', password: 'jira-token' });
  teamId = await env.team('Payments', { jira: { connection: 'jira-cloud', project: 'OPS' }, email: { connection: 'nowhere' } });
  incidentId = await env.incident('Checkout down');
});

afterAll(() => jira.close());

describe('a Jira responder', () => {
  it('creates an issue with the documented request and keeps its key', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: jiraFields('Checkout down') });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    expect(row.external_id).toMatch(/^OPS-\d+$/);
    const [created] = jira.requests('POST', '/rest/api/2/issue').filter((request) => JSON.stringify(request.json).includes('"Checkout down"'));
    expect(created!.headers.authorization).toBe(AUTH);
    expect(created!.json).toEqual({
      fields: { project: { key: 'OPS' }, issuetype: { name: 'Incident' }, summary: 'Checkout down', description: 'Checkout down: the checkout fails', priority: { name: 'High' } },
    });
    expect(row.properties['url']).toBe(`${jira.url}/browse/${row.external_id}`);
    expect(row.acknowledge_time).toBeNull();
  });

  it('follows the issue: In Progress acknowledges, Resolved signs off, Closed closes; comments come once each', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: jiraFields('Follow me') });
    const key = (await env.until(() => env.responder(id), (r) => r.external_id !== null)).external_id!;
    const issue = issues.get(key)!;
    Object.assign(issue, { status: 'In Progress', category: 'indeterminate' });
    issue.comments.push({ id: '901', body: 'Looking at the payment gateway', author: { displayName: 'Ana Ops' } });
    const acknowledged = await env.until(() => env.responder(id), (r) => r.acknowledge_time !== null);
    expect(acknowledged.signoff_time).toBeNull();
    expect(jira.requests('GET', `/rest/api/2/issue/${key}`)[0]!.url).toContain('fields=status,resolution,comment');

    Object.assign(issue, { status: 'Resolved', category: 'done', resolution: 'Fixed' });
    const resolved = await env.until(() => env.responder(id), (r) => r.signoff_time !== null);
    expect(resolved.close_time).toBeNull();
    Object.assign(issue, { status: 'Closed' });
    const closed = await env.until(() => env.responder(id), (r) => r.close_time !== null);
    expect(closed.acknowledge_time!.getTime()).toBeLessThanOrEqual(closed.signoff_time!.getTime());
    expect(closed.signoff_time!.getTime()).toBeLessThanOrEqual(closed.close_time!.getTime());

    const { rows: comments } = await env.pool.query(
      `SELECT c.comment, c.external_id, c.external_created_by, h.type AS hypothesis FROM comments c LEFT JOIN hypotheses h ON h.id = c.hypothesis_id WHERE c.responder_id = $1`,
      [id],
    );
    expect(comments).toEqual([{ comment: 'Looking at the payment gateway', external_id: '901', external_created_by: 'Ana Ops', hypothesis: 'root' }]);
    const { rows: history } = await env.pool.query(`SELECT type FROM incident_histories WHERE responder_id = $1 ORDER BY created_at`, [id]);
    expect(history.map((entry) => entry.type)).toEqual(['responder.created', 'responder.commented']);

    // A closed responder is not read again.
    const reads = jira.requests('GET', `/rest/api/2/issue/${key}`).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(jira.requests('GET', `/rest/api/2/issue/${key}`).length).toBe(reads);
  });

  it('keeps a refusal in properties.error and retries until Jira takes the issue', async () => {
    refuseNext = 2;
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: jiraFields('Refused at first') });
    const failed = await env.until(() => env.responder(id), (r) => typeof r.properties['error'] === 'string');
    expect(failed.properties['error']).toContain('answered 400: priority: Priority name is invalid');
    expect(failed.external_id).toBeNull();
    const created = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    expect(created.properties['error']).toBeUndefined();
    expect(created.sync_attempts).toBe(0);
    expect(jira.requests('POST', '/rest/api/2/issue').filter((request) => JSON.stringify(request.json).includes('Refused at first'))).toHaveLength(3);
  });

  it('keeps the error when the team has no client of the type', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'service_now', category: 'x', description: 'y', body: 'z' } });
    const row = await env.until(() => env.responder(id), (r) => typeof r.properties['error'] === 'string');
    expect(row.properties['error']).toBe('the team Payments has no service_now responder client');
  });

  it('never creates the same issue twice, however many processes sync at once', async () => {
    createDelayMs = 600;
    try {
      const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: jiraFields('Only once') });
      const options = { pool: env.pool, secrets: TEST_SECRETS };
      await Promise.all([syncResponders(options), syncResponders(options), syncResponders(options)]);
      await env.until(() => env.responder(id), (r) => r.external_id !== null);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(jira.requests('POST', '/rest/api/2/issue').filter((request) => JSON.stringify(request.json).includes('Only once'))).toHaveLength(1);
    } finally {
      createDelayMs = 0;
    }
  });

  it('makes no remote call for a person responder', async () => {
    const { rows } = await env.pool.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ('Pat', 'pat@example.com') RETURNING id`);
    const before = jira.received.length;
    const id = await env.addResponder({ incident_id: incidentId, person_id: rows[0]!.id, type: 'person', properties: { responderType: 'person', person: rows[0]!.id } });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const row = await env.responder(id);
    expect(row.external_id).toBeNull();
    expect(row.properties['error']).toBeUndefined();
    expect(jira.received.slice(before).filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('GET /api/incidents/responder-options for Jira', () => {
  const options = (query: string, token: string | null = env.token) =>
    fetch(`${env.server.url}/api/incidents/responder-options?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lists the projects of the team\'s instance, and a project\'s issue types and priorities', async () => {
    const projects = await options(`team_id=${teamId}&type=jira`);
    expect(projects.status).toBe(200);
    expect(await projects.json()).toEqual({ fields: { project: [{ value: 'OPS', label: 'Operations' }, { value: 'WEB', label: 'Website' }] } });

    const ops = await options(`team_id=${teamId}&type=jira&project=OPS`);
    expect(await ops.json()).toEqual({
      fields: {
        project: [{ value: 'OPS', label: 'Operations' }, { value: 'WEB', label: 'Website' }],
        issueType: [{ value: 'Incident', label: 'Incident' }, { value: 'Task', label: 'Task' }],
        priority: [{ value: 'Highest', label: 'Highest' }, { value: 'High', label: 'High' }],
      },
    });
    const web = (await (await options(`team_id=${teamId}&type=jira&project=WEB`)).json()) as { fields: Record<string, unknown> };
    expect(web.fields['issueType']).toEqual([{ value: 'Bug', label: 'Bug' }]);
    expect(web.fields['priority']).toEqual([{ value: 'Minor', label: 'Minor' }]);
    expect(jira.requests('GET', '/rest/api/2/project').every((request) => request.headers.authorization === AUTH)).toBe(true);
  });

  it('answers 400 without such a client or options, 502 when Jira fails, 401 without a caller', async () => {
    const other = await env.team('No clients', {});
    const none = await options(`team_id=${other}&type=jira`);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe('the team No clients has no jira responder client');
    const email = await options(`team_id=${teamId}&type=email`);
    expect(email.status).toBe(400);
    expect(((await email.json()) as { message: string }).message).toBe('the responder type email has no options');
    expect((await options(`team_id=not-a-team&type=jira`)).status).toBe(400);
    const broken = await options(`team_id=${teamId}&type=jira&project=BROKEN`);
    expect(broken.status).toBe(502);
    expect(((await broken.json()) as { message: string }).message).toContain('answered 500: Internal server error');
    expect((await options(`team_id=${teamId}&type=jira`, null)).status).toBe(401);
    const viewer = await env.server.tokenFor(['viewer']);
    expect((await options(`team_id=${teamId}&type=jira`, viewer)).status).toBe(200);
  });
});
