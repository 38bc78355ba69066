import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, respondersTest, StandIn } from './responders-support.js';

/**
 * A new team responder's ticket is created from its responder.created event, not only at the sync
 * job's next tick: here the job runs once an hour. The vendor's API is a stand-in on loopback (the
 * generic case form of server/src/incidents/responders/generic.ts).
 */

const env = respondersTest({ schedule: '@every 1h' });
const gateway = new StandIn();

beforeAll(async () => {
  await gateway.start();
  gateway.handle = (request, response) =>
    request.method === 'POST' && request.url === '/cases' ? json(response, 201, { id: `CASE-${gateway.received.length}` }) : json(response, 404, { message: 'no such case' });
  await env.connection({ name: 'gateway', type: 'http', url: gateway.url, username: 'svc', password: 'secret' });
});

afterAll(() => gateway.close());

describe('responder.created', () => {
  it('creates the ticket as the responder is added', async () => {
    const teamId = await env.team('Storage', { ca: { connection: 'gateway', category: 'storage' } });
    const incidentId = await env.incident('Array degraded');
    // The job's first run (at once) has passed: what follows comes from the event.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const added = Date.now();
    const id = await env.addResponder({ incident_id: incidentId, team_id: teamId, type: 'system', properties: { responderType: 'ca', description: 'Array degraded', body: 'Disk 4 failed' } });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null, 10_000);
    expect(Date.now() - added).toBeLessThan(10_000);
    expect(row.external_id).toMatch(/^CASE-\d+$/);
    const posts = gateway.requests('POST', '/cases');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.authorization).toBe(`Basic ${Buffer.from('svc:secret').toString('base64')}`);
    expect(posts[0]!.json).toMatchObject({ type: 'ca', category: 'storage', description: 'Array degraded', body: 'Disk 4 failed' });
  });
});
