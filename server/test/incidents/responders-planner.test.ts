import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, respondersTest, StandIn, type Received } from './responders-support.js';

/**
 * Microsoft Planner responders: Microsoft Graph and the Microsoft identity platform cannot be reached
 * from here, so one HTTP server on loopback stands in for both. It checks each documented request
 * (the client credentials token request; POST /v1.0/planner/tasks with planId, bucketId, title and
 * priority and the app's bearer token; GET then PATCH of the task's details with If-Match; GET of the
 * task; the group's plans and a plan's buckets) and answers as Graph does, with OData error bodies.
 */

const env = respondersTest();
const graph = new StandIn();
const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.app-token';
let tokenRequests = 0;
const tasks = new Map<string, { body: Record<string, unknown>; percentComplete: number; description: string; etag: string }>();

function route(request: Received, response: Parameters<StandIn['handle']>[1]): void {
  const url = new URL(request.url, graph.url);
  if (request.method === 'POST' && url.pathname === '/tenant-1/oauth2/v2.0/token') {
    const form = new URLSearchParams(request.text);
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded' || form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== 'app-id' || form.get('client_secret') !== 'app-secret' || form.get('scope') !== `${graph.url}/.default`) {
      return json(response, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
    }
    tokenRequests += 1;
    return json(response, 200, { token_type: 'Bearer', expires_in: 3599, access_token: TOKEN });
  }
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(response, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
  if (request.method === 'POST' && url.pathname === '/v1.0/planner/tasks') {
    const body = request.json as Record<string, unknown>;
    if (body['planId'] !== 'plan-ops') return json(response, 404, { error: { code: 'NotFound', message: 'The requested item is not found.' } });
    const id = `task-${tasks.size + 1}`;
    tasks.set(id, { body, percentComplete: 0, description: '', etag: `W/"JzEtVGFzayAgQEBAQEBAQEBAQEBAQEBAUCc${tasks.size}="` });
    return json(response, 201, { '@odata.etag': 'W/"x"', id, percentComplete: 0, ...body });
  }
  const details = /^\/v1\.0\/planner\/tasks\/(task-\d+)\/details$/.exec(url.pathname);
  if (details) {
    const task = tasks.get(details[1]!)!;
    if (request.method === 'GET') return json(response, 200, { '@odata.etag': task.etag, id: details[1], description: task.description });
    if (request.method === 'PATCH') {
      if (request.headers['if-match'] !== task.etag) return json(response, 412, { error: { code: 'PreconditionFailed', message: 'The If-Match header must be specified for this kind of request.' } });
      task.description = String((request.json as Record<string, unknown>)['description']);
      return void response.writeHead(204).end();
    }
  }
  const task = /^\/v1\.0\/planner\/tasks\/(task-\d+)$/.exec(url.pathname);
  if (request.method === 'GET' && task) return json(response, 200, { id: task[1], percentComplete: tasks.get(task[1]!)!.percentComplete });
  if (request.method === 'GET' && url.pathname === '/v1.0/groups/group-ops/planner/plans') return json(response, 200, { value: [{ id: 'plan-ops', title: 'Operations' }, { id: 'plan-web', title: 'Website' }] });
  const buckets = /^\/v1\.0\/planner\/plans\/(plan-\w+)\/buckets$/.exec(url.pathname);
  if (request.method === 'GET' && buckets) {
    const names = buckets[1] === 'plan-ops' ? ['To do', 'Doing'] : ['Backlog'];
    return json(response, 200, { value: names.map((name, index) => ({ id: `${buckets[1]}-bucket-${index}`, name, planId: buckets[1] })) });
  }
  return json(response, 404, { error: { code: 'NotFound', message: `no route ${request.method} ${url.pathname}` } });
}

let teamId: string;
let incidentId: string;

beforeAll(async () => {
  await graph.start();
  graph.handle = route;
  await env.connection({ name: 'm365', type: 'azure', url: graph.url, username: 'app-id', password: 'app-secret', properties: { tenant: 'tenant-1', authorityUrl: graph.url } });
  teamId = await env.team('Office', { ms_planner: { connection: 'm365', group_id: 'group-ops' } });
  incidentId = await env.incident('VPN flapping');
});

afterAll(() => graph.close());

describe('a Microsoft Planner responder', () => {
  it('creates the task, writes its description with If-Match, and follows percentComplete', async () => {
    const id = await env.addResponder({
      incident_id: incidentId,
      team_id: teamId,
      type: 'system',
      properties: { responderType: 'ms_planner', plan_id: 'plan-ops', bucket_id: 'plan-ops-bucket-0', priority: '1', title: 'VPN flapping', description: 'Tunnels drop every 5 minutes' },
    });
    const row = await env.until(() => env.responder(id), (r) => r.external_id !== null);
    const task = tasks.get(row.external_id!)!;
    expect(task.body).toEqual({ planId: 'plan-ops', bucketId: 'plan-ops-bucket-0', title: 'VPN flapping', priority: 1 });
    expect(task.description).toBe('Tunnels drop every 5 minutes');
    task.percentComplete = 50;
    const started = await env.until(() => env.responder(id), (r) => r.acknowledge_time !== null);
    expect(started.signoff_time).toBeNull();
    task.percentComplete = 100;
    const done = await env.until(() => env.responder(id), (r) => r.close_time !== null);
    expect(done.signoff_time).not.toBeNull();
    // One app token serves every call until it nears its expiry.
    expect(tokenRequests).toBe(1);
  });

  it('keeps Graph\'s refusal as the error', async () => {
    const id = await env.addResponder({
      incident_id: incidentId,
      team_id: teamId,
      type: 'system',
      properties: { responderType: 'ms_planner', plan_id: 'plan-gone', bucket_id: 'b', priority: 'Low', title: 't', description: 'd' },
    });
    const row = await env.until(() => env.responder(id), (r) => typeof r.properties['error'] === 'string');
    expect(row.properties['error']).toContain('answered 404: NotFound: The requested item is not found.');
  });

  it('lists the group\'s plans, a plan\'s buckets and the priorities for the dialog', async () => {
    const get = (query: string) => fetch(`${env.server.url}/api/incidents/responder-options?${query}`, { headers: { authorization: `Bearer ${env.token}` } });
    const PRIORITIES = [{ value: '1', label: 'Urgent' }, { value: '3', label: 'Important' }, { value: '5', label: 'Medium' }, { value: '9', label: 'Low' }];
    const plans = await get(`team_id=${teamId}&type=ms_planner`);
    expect(plans.status).toBe(200);
    expect(await plans.json()).toEqual({ fields: { plan_id: [{ value: 'plan-ops', label: 'Operations' }, { value: 'plan-web', label: 'Website' }], priority: PRIORITIES } });
    const web = (await (await get(`team_id=${teamId}&type=ms_planner&plan_id=plan-web`)).json()) as { fields: Record<string, unknown> };
    expect(web.fields['bucket_id']).toEqual([{ value: 'plan-web-bucket-0', label: 'Backlog' }]);
    const ops = (await (await get(`team_id=${teamId}&type=ms_planner&plan_id=plan-ops`)).json()) as { fields: Record<string, unknown> };
    expect(ops.fields['bucket_id']).toEqual([{ value: 'plan-ops-bucket-0', label: 'To do' }, { value: 'plan-ops-bucket-1', label: 'Doing' }]);

    const noGroup = await env.team('No group', { ms_planner: { connection: 'm365' } });
    const refused = await get(`team_id=${noGroup}&type=ms_planner`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("the team's ms_planner client names no group_id, the Microsoft 365 group whose plans to list");
  });
});
