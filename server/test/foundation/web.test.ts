import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let webDir: string;
let server: TestServer;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Pharos</title>');
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("pharos")');
  server = await startTestServer({ webDir });
});

afterAll(async () => {
  await server?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('is served at / without signing in', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Pharos</title>');
  });

  it('serves its assets', async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
  });

  it('answers client-side routes with index.html', async () => {
    const response = await fetch(`${server.url}/incidents/INC-1?tab=timeline`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('keeps JSON 404s for unknown API routes', async () => {
    const token = await server.tokenFor(['viewer']);
    const response = await fetch(`${server.url}/api/nothing-here`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
