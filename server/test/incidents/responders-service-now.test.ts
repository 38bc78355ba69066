import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, respondersTest, StandIn, type Received } from './responders-support.js';

/**
 * ServiceNow responders: a real instance cannot be reached from here, so an HTTP server on loopback
 * stands in for the Table API. It checks each documented request (POST and GET on
 * /api/now/table/incident, Basic auth, the incident's fields) and answers as ServiceNow does:
 * {result: {sys_id, number, state}}, and {error: {message, detail}} on refusal.
 */

const env = respondersTest();
const now = new StandIn();
const AUTH = `Basic ${Buffer.from('pharos.integration:sn-secret').toString('base64')}`;

interface Row {
  sys_id: string;
  number: string;
  state: string;
  correlation_id: string;
}
const rows = new Map<string, Row>();
/** Answers 503 after saving the incident (a lost answer), this many times. */
let loseAnswers = 0;

function route(request: Received, response: Parameters<StandIn['handle']>[1]): void {
  if (request.headers.authorization !== AUTH) return json(response, 401, { error: { message: 'User Not Authenticated', detail: 'Required to provide Auth information' }, status: 'failure' });
  const url = new URL(request.url, now.url);
  if (request.method === 'POST' && url.pathname === '/api/now/table/incident') {
    const body = request.json as Record<string, string>;
    if (!body.short_description) return json(response, 400, { error: { message: 'Mandatory field missing', detail: 'short_description' }, status: 'failure' });
    const row = { sys_id: `a${rows.size + 1}f0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e`.slice(0, 32), number: `INC00100${rows.size + 1}`, state: '1', correlation_id: body.correlation_id ?? '' };
    rows.set(row.sys_id, row);
    if (loseAnswers > 0) {
      loseAnswers -= 1;
      return json(response, 503, { error: { message: 'Service Unavailable' } });
    }
    return json(response, 201, { result: { sys_id: row.sys_id, number: row.number, state: row.state } });
  }
  if (request.method === 'GET' && url.pathname === '/api/now/table/incident') {
    const wanted = /^correlation_id=(.+)$/.exec(url.searchParams.get('sysparm_query') ?? '')?.[1];
    return json(response, 200, { result: [...rows.values()].filter((row) => row.correlation_id === wanted).map(({ sys_id, number, state }) => ({ sys_id, number, state })) });
  }
  const one = /^\/api\/now\/table\/incident\/([0-9a-f]{32})$/.exec(url.pathname);
  if (request.method === 'GET' && one) {
    const row = rows.get(one[1]!);
    if (!row) return json(response, 404, { error: { message: 'No Record found', detail: 'Record doesn\'t exist or ACL restricts the record retrieval' }, status: 'failure' });
    return json(response, 200, { result: { sys_id: row.sys_id, number: row.number, state: row.state } });
  }
  return json(response, 400, { error: { message: `no route ${request.method} ${url.pathname}` } });
}

let teamId: string;
let incidentId: string;

beforeAll(async () => {
  await now.start();
  now.handle = route;
  await env.connection({ name: 'servicenow', type: 'http', url: now.url, username: 'pharos.integration', password: 'sn-secret' });
  teamId = await env.team('Service desk', { service_now: { connection: 'connection://default/servicenow', urgency: '2' } });
  incidentId = await env.incident('Mail relay down');
});

afterAll(() => now.close());

describe('a ServiceNow responder', () => {
  it('creates an incident with the documented request and follows its state', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'service_now', category: 'network', description: 'Mail relay down', body: 'No mail leaves since 10:00' } });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    const [created] = now.requests('POST', '/api/now/table/incident');
    expect(created!.url).toBe('/api/now/table/incident?sysparm_fields=sys_id,number,state');
    expect(created!.headers['content-type']).toBe('application/json');
    expect(created!.json).toEqual({ short_description: 'Mail relay down', description: 'No mail leaves since 10:00', category: 'network', correlation_id: id, correlation_display: 'Pharos', urgency: '2' });
    const saved = [...rows.values()].find((candidate) => candidate.correlation_id === id)!;
    expect(row.external_id).toBe(saved.sys_id);
    expect(row.properties['number']).toBe(saved.number);

    saved.state = '2';
    await env.until(() => env.responder(id), (r) => r.acknowledge_time !== null);
    saved.state = '6';
    const resolved = await env.until(() => env.responder(id), (r) => r.signoff_time !== null);
    expect(resolved.close_time).toBeNull();
    saved.state = '7';
    await env.until(() => env.responder(id), (r) => r.close_time !== null);
    expect(now.requests('GET', `/api/now/table/incident/${saved.sys_id}`).every((request) => request.headers.authorization === AUTH)).toBe(true);
  });

  it('keeps a lost answer as the error and, retrying, finds the incident by correlation_id instead of opening another', async () => {
    loseAnswers = 1;
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'service_now', category: 'database', description: 'Replica lag', body: 'Lag over 5 minutes' } });
    const failed = await env.until(() => env.responder(id), (r) => typeof r.properties['error'] === 'string');
    expect(failed.properties['error']).toContain('answered 503: Service Unavailable');
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    expect(row.properties['error']).toBeUndefined();
    expect([...rows.values()].filter((candidate) => candidate.correlation_id === id)).toHaveLength(1);
    expect(row.external_id).toBe([...rows.values()].find((candidate) => candidate.correlation_id === id)!.sys_id);
    expect(now.requests('GET', '/api/now/table/incident').some((request) => request.url.includes(`correlation_id%3D${id}`))).toBe(true);
  });
});
