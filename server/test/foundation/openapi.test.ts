import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown>; security?: unknown[] }>>;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('is refused without signing in', async () => {
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(401);
  });

  it('is a valid OpenAPI 3 document of the API routes besides the data service', async () => {
    const token = await server.tokenFor(['viewer']);
    const response = await fetch(`${server.url}/api/openapi.json`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const document = (await response.json()) as Document;

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
});
