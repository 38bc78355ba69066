import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbookTest } from './helpers.js';

/**
 * Fields mission-control templates before it reads them apply unchanged as templates: the http
 * action's `method: "{{.params.method}}"` of its web request example is checked once rendered.
 */

const env = playbookTest();
const WEB_REQUEST = readFileSync(new URL('./fixtures/mission-control/web_request.yaml', import.meta.url), 'utf8');
const received: { method: string; body: string; type: string | undefined }[] = [];
let web: Server;
let url = '';

beforeAll(async () => {
  web = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', body, type: request.headers['content-type'] });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": true}');
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(web.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await new Promise((resolve) => web?.close(resolve));
});

describe("mission-control's web request playbook", () => {
  it('applies unchanged, sends the method its parameter names, and fails clearly on one that is not a method', async () => {
    const id = await env.apply(WEB_REQUEST);

    const started = await env.start({ id, params: { url, method: 'POST', body: '{"hello": "world"}' } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const posted = await env.until(started.body.run_id!);
    expect(posted.actions.map((action) => [action.name, action.status, action.error])).toEqual([['Make HTTP request', 'completed', null]]);
    expect(received).toEqual([{ method: 'POST', body: '{"hello": "world"}', type: 'application/json' }]);

    // Its method parameter is a list, so FOO is refused before the run; as free text it reaches the action.
    const notAnOption = await env.start({ id, params: { url, method: 'FOO' } });
    expect(notAnOption.status).toBe(400);
    const freeText = WEB_REQUEST.replace('name: web-request', 'name: free-method-request').replace(/(- name: method\n\s+label: HTTP Method\n\s+)type: list/, '$1type: text');
    expect(freeText).toContain('type: text\n      default: GET');
    const freeId = await env.apply(freeText);
    const refused = await env.until((await env.start({ id: freeId, params: { url, method: 'FOO' } })).body.run_id!);
    expect(refused.status).toBe('failed');
    expect(refused.actions.map((action) => [action.name, action.status, action.error])).toEqual([
      ['Make HTTP request', 'failed', 'method "FOO" after templating: must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
    ]);
    expect(received).toHaveLength(1);
  });

  it('still refuses a method that is neither a method nor a template when it is applied', async () => {
    const response = await fetch(`${env.server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' },
      body: WEB_REQUEST.replace('name: web-request', 'name: broken-request').replace('method: "{{.params.method}}"', 'method: FETCH'),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { problems: { path: string; reason: string }[] };
    expect(body.problems.map((problem) => problem.path)).toContain('/spec/actions/0/http/method');
  });
});
