import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['viewer']);
  // Enough people that their list is well over the threshold.
  for (let i = 0; i < 12; i += 1) await server.tokenFor(['viewer']);
});

afterAll(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch would decode it). */
function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const authorized = (extra: Record<string, string>) => ({ authorization: `Bearer ${token}`, ...extra });

describe('compression of API answers', () => {
  it('sends a large data-service answer in brotli when the client accepts it, and Content-Range still counts rows', async () => {
    const plain = await rawGet('/api/db/people?select=*', authorized({ 'accept-encoding': 'identity' }));
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await rawGet('/api/db/people?select=*', authorized({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-range']).toBe(plain.headers['content-range']);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('uses gzip for a client that accepts only gzip', async () => {
    const answer = await rawGet('/api/db/people?select=*', authorized({ 'accept-encoding': 'gzip' }));
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(answer.body).toString()))).toBe(true);
  });

  it('sends small answers as they are', async () => {
    const answer = await rawGet('/api/db/people?select=id&limit=1', authorized({ 'accept-encoding': 'br, gzip' }));
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(answer.body.toString())).toHaveLength(1);
  });
});
