import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let webDir: string;
let server: TestServer;

const INDEX_HTML = `<!doctype html><title>Pharos</title>${'<!-- padding -->'.repeat(100)}`;
const APP_JS = `console.log(${JSON.stringify('pharos '.repeat(400))});`;

/** A file with the `.br` and `.gz` copies the web build writes beside it. */
async function writeBuilt(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeBuilt(path.join(webDir, 'index.html'), INDEX_HTML);
  await writeBuilt(path.join(webDir, 'assets', 'app-B8CyLV3y.js'), APP_JS);
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ webDir });
});

afterAll(async () => {
  await server?.close();
  await rm(webDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, still encoded (fetch would decode them). */
  body: Buffer;
}

function rawGet(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app', () => {
  it('is served at / without signing in', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Pharos</title>');
  });

  it('serves its assets', async () => {
    const response = await fetch(`${server.url}/assets/app-B8CyLV3y.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toBe(APP_JS);
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

describe('compressed and cached files of the web app', () => {
  it('sends the brotli copy of an asset to a browser that accepts brotli, cached for good', async () => {
    const answer = await rawGet('/assets/app-B8CyLV3y.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(APP_JS);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const answer = await rawGet('/assets/app-B8CyLV3y.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(answer.body).toString()).toBe(APP_JS);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const answer = await rawGet('/assets/app-B8CyLV3y.js', { 'accept-encoding': 'identity' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.body.toString()).toBe(APP_JS);
  });

  it('has index.html revalidated on every load, at / and for client-side routes', async () => {
    for (const urlPath of ['/', '/index.html', '/login?return_to=%2Ftopology']) {
      const answer = await rawGet(urlPath, { 'accept-encoding': 'br' });
      expect(answer.status, urlPath).toBe(200);
      expect(answer.headers['content-type'], urlPath).toContain('text/html');
      expect(answer.headers['cache-control'], urlPath).toBe('no-cache');
      expect(answer.headers['content-encoding'], urlPath).toBe('br');
      expect(brotliDecompressSync(answer.body).toString(), urlPath).toBe(INDEX_HTML);
    }
  });

  it('revalidates files without a hash in their name', async () => {
    const answer = await rawGet('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});
