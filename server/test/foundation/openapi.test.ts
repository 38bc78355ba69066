import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema & { enum?: string[]; pattern?: string; format?: string }>;
  anyOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema & { pattern?: string; format?: string };
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
  security?: unknown[];
  'x-checked-in-code'?: boolean;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let server: TestServer;
let viewerToken: string;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  viewerToken = await server.tokenFor(['viewer']);
  const response = await fetch(`${server.url}/api/openapi.json`, { headers: { authorization: `Bearer ${viewerToken}` } });
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});

function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
}

function operation(path: string, method: string): Operation {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return found;
}

function parameter(path: string, method: string, name: string): Parameter | undefined {
  return operation(path, method).parameters?.find((candidate) => candidate.name === name);
}

function bodySchema(path: string, method: string, contentType = 'application/json'): Schema | undefined {
  return operation(path, method).requestBody?.content[contentType]?.schema;
}

async function answer(method: string, path: string, body?: unknown): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const headers: Record<string, string> = { authorization: `Bearer ${viewerToken}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('is refused without signing in', async () => {
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(401);
  });

  it('is a valid OpenAPI 3 document of the API routes besides the data service', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);

    const paths = Object.keys(document.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/agent/generate', '/api/ready', '/api/health', '/api/apply', '/api/canary/run/check/{id}', '/api/playbook/run']));
    expect(paths.filter((path) => !path.startsWith('/api/') || path.startsWith('/api/db'))).toEqual([]);

    const ready = document.paths['/api/ready']?.['get'];
    expect(ready?.security).toEqual([]);
    expect(Object.keys(ready?.responses ?? {})).toEqual(['200', '503']);
    expect(document.paths['/api/agent/generate']?.['post']?.summary).toMatch(/agent/);
    expect(document.paths['/api/apply']?.['post']?.summary).toMatch(/all or none/);
    expect(document.paths['/api/canary/run/check/{id}']?.['post']).toMatchObject({ summary: 'Run a check now and answer its result', tags: ['health'] });
  });

  it('gives every route its tags, summary and a success answer', () => {
    const missing = operations().filter(({ operation }) => !operation.summary || !operation.tags?.length || !Object.keys(operation.responses ?? {}).some((status) => /^[23]\d\d$/.test(status)));
    expect(missing.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('gives every POST, PUT and PATCH a request body schema', () => {
    const writes = operations().filter(({ method }) => ['post', 'put', 'patch'].includes(method));
    expect(writes.length).toBeGreaterThan(30);
    const without = writes.filter(({ operation }) => {
      const contents = Object.values(operation.requestBody?.content ?? {});
      return contents.length === 0 || contents.some((content) => content.schema === undefined);
    });
    expect(without.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('declares every path parameter of every route', () => {
    const undeclared = operations().flatMap(({ path, method, operation }) =>
      [...path.matchAll(/\{([^}]+)\}/g)]
        .map((match) => match[1]!)
        .filter((name) => !operation.parameters?.some((declared) => declared.in === 'path' && declared.name === name && declared.required === true && declared.schema?.type === 'string'))
        .map((name) => `${method.toUpperCase()} ${path}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('describes what the routes accept', () => {
    const connection = bodySchema('/api/connections', 'post');
    expect(connection?.required).toEqual(['name', 'type']);
    expect(connection?.properties?.['type']?.enum).toContain('postgres');
    expect(parameter('/api/connections/{id}', 'patch', 'id')?.schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(parameter('/api/connections', 'get', 'limit')).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } });

    expect(bodySchema('/api/playbook/run', 'post')).toMatchObject({ required: ['id'], properties: { id: { format: 'uuid' }, config_id: { format: 'uuid' }, params: { type: 'object' } } });
    expect(operation('/api/playbook/run/approve/{id}', 'post').requestBody?.required).toBe(false);
    expect(parameter('/api/canary/api/graph', 'get', 'check')).toMatchObject({ in: 'query', required: true, schema: { type: 'string' } });
    expect(parameter('/api/preferences/{key}', 'put', 'key')?.schema?.pattern).toBe('^[A-Za-z0-9][A-Za-z0-9._:/-]{0,79}$');
    expect(bodySchema('/api/preferences/{key}', 'put')?.required).toEqual(['value']);
    expect(parameter('/api/reports/sla', 'get', 'format')?.schema).toMatchObject({ enum: ['json', 'csv', 'pdf'] });
    expect(bodySchema('/api/agent/playbook/action/{id}/status', 'post')?.properties?.['status']?.enum).toEqual(['running', 'completed', 'failed']);
    expect(bodySchema('/api/catalog/changes', 'post')?.properties?.['sort_by']?.enum).toContain('created_at');
    expect(bodySchema('/api/.ory/self-service/login', 'post', 'application/x-www-form-urlencoded')?.properties).toHaveProperty('identifier');

    // YAML or JSON text, checked by the route itself so that a problem is answered with its document and line.
    const apply = operation('/api/apply', 'post');
    expect(Object.keys(apply.requestBody?.content ?? {})).toEqual(expect.arrayContaining(['application/yaml', 'application/json']));
    expect(bodySchema('/api/apply', 'post', 'application/yaml')?.type).toBe('string');
    expect(apply['x-checked-in-code']).toBe(true);
    expect(apply.description).toMatch(/checks this request in its own code/);
    expect(operation('/api/connections', 'post')['x-checked-in-code']).toBeUndefined();
  });

  it('answers a request that breaks a validated schema with the message the route gave before', async () => {
    expect(await answer('GET', '/api/canary/api/graph?count=300')).toEqual({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'check must be the id of a check', details: null, hint: null },
    });
    expect(await answer('GET', '/api/canary/api/graph?check=nope')).toMatchObject({ status: 400, body: { message: 'check must be the id of a check' } });
    const unknownCheck = '00000000-0000-4000-8000-000000000000';
    expect(await answer('GET', `/api/canary/api/graph?check=${unknownCheck}&count=many`)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: 'count must be a whole number from 1 to 1000' } });
    expect(await answer('GET', `/api/canary/api/graph?check=${unknownCheck}&count=1001`)).toMatchObject({ status: 400, body: { message: 'count must be a whole number from 1 to 1000' } });
    // An empty count is the default, as before.
    expect(await answer('GET', `/api/canary/api/graph?check=${unknownCheck}&count=`)).toMatchObject({ status: 404, body: { message: `No check ${unknownCheck}` } });
  });

  it('leaves the input of a route marked as checked in code to its own messages', async () => {
    expect(await answer('POST', '/api/catalog/changes', { page: 'first' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: "bad request: 'page' must be a whole number of 1 or more" } });
    expect(await answer('POST', '/api/playbook/run/approve/not-a-run')).toMatchObject({ status: 404, body: { message: 'No playbook run not-a-run' } });
    expect(await answer('POST', '/api/canary/run/check/not-a-check')).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: 'params/id must match format "uuid"' } });
  });
});
