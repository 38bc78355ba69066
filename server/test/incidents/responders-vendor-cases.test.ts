import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, respondersTest, StandIn, type Received } from './responders-support.js';

/**
 * CA, Red Hat, Oracle and VMware responders. These vendors document no public case API reachable with
 * a URL and a credential, so these types speak Pharos's documented generic case form (POST /cases,
 * GET /cases/{id}; see server/src/incidents/responders/generic.ts) to the team's connection URL — in
 * practice a gateway in front of the vendor. An HTTP server on loopback stands in for that gateway and
 * checks each request: path, bearer token, Idempotency-Key and the case's fields.
 */

const env = respondersTest();
const gateway = new StandIn();
const cases = new Map<string, { body: Record<string, unknown>; status: string; key: string }>();

function route(request: Received, response: Parameters<StandIn['handle']>[1]): void {
  if (request.headers.authorization !== 'Bearer gateway-token') return json(response, 401, { message: 'bad token' });
  if (request.method === 'POST' && request.url === '/support/cases') {
    const key = String(request.headers['idempotency-key'] ?? '');
    const earlier = [...cases.entries()].find(([, value]) => value.key === key);
    if (earlier) return json(response, 200, { id: earlier[0], status: earlier[1].status });
    const id = `CASE-${cases.size + 1}`;
    cases.set(id, { body: request.json as Record<string, unknown>, status: 'open', key });
    return json(response, 201, { id, status: 'open' });
  }
  const one = /^\/support\/cases\/(CASE-\d+)$/.exec(request.url);
  if (request.method === 'GET' && one && cases.has(one[1]!)) return json(response, 200, { id: one[1], status: cases.get(one[1]!)!.status });
  return json(response, 404, { message: `no case at ${request.url}` });
}

let teamId: string;
let incidentId: string;

beforeAll(async () => {
  await gateway.start();
  gateway.handle = route;
  await env.connection({ name: 'vendor-gateway', type: 'http', url: `${gateway.url}/support`, password: 'gateway-token' });
  const client = { connection: 'vendor-gateway' };
  teamId = await env.team('Platform', { ca: client, redhat: client, oracle: client, vmware: client });
  incidentId = await env.incident('Cluster degraded');
});

afterAll(() => gateway.close());

describe('vendor case responders', () => {
  it.each([
    ['ca', {}],
    ['redhat', { product: 'Red Hat Enterprise Linux' }],
    ['oracle', { product: 'Oracle Database' }],
    ['vmware', { product: 'vSphere' }],
  ])('a %s responder opens a case and follows it to closed', async (type, extra) => {
    const fields = { category: 'outage', description: `${type}: cluster degraded`, body: 'Two nodes down', ...extra };
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: type, ...fields } });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    const opened = cases.get(row.external_id!)!;
    expect(opened.key).toBe(id);
    const { rows } = await env.pool.query<{ incident_id: string }>(`SELECT incident_id FROM incidents WHERE id = $1`, [incidentId]);
    expect(opened.body).toEqual({ type, ...fields, incident: { id: rows[0]!.incident_id, title: 'Cluster degraded', severity: 'high' } });
    opened.status = 'in_progress';
    await env.until(() => env.responder(id), (r) => r.acknowledge_time !== null);
    opened.status = 'resolved';
    const resolved = await env.until(() => env.responder(id), (r) => r.signoff_time !== null);
    expect(resolved.close_time).toBeNull();
    opened.status = 'closed';
    await env.until(() => env.responder(id), (r) => r.close_time !== null);
  });

  it('keeps a missing field as the error', async () => {
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'vmware', category: 'outage', description: 'd', body: 'b' } });
    const row = await env.until(() => env.responder(id), (r) => typeof r.properties['error'] === 'string');
    expect(row.properties['error']).toBe('the responder has no product');
  });
});
