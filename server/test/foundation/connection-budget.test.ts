import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { until } from '../support/until.js';

/**
 * A server whose pools could open more connections than PostgreSQL has room for says so at start,
 * with the figures and what to change, and still serves.
 */
describe('the connection budget of pharos serve', () => {
  let serve: ServeProcess;

  beforeAll(async () => {
    // 2 × 1000 + 4 job workers + 6 + 3 = 2013 connections, far past any test database's max_connections.
    serve = await startServeProcess({ PG_POOL_SIZE: '1000' });
  });

  afterAll(async () => {
    await serve?.stop();
  });

  it('warns that the server may open 2013 connections and names the settings to change', async () => {
    await until(async () => serve.output(), (output) => output.includes('This server may open 2013 database connections'));
    expect(serve.output()).toMatch(/PostgreSQL has room for \d+ more: under load requests would fail with 'too many clients'\. Raise max_connections or lower PG_POOL_SIZE/);
    expect((await fetch(`${serve.url}/api/ready`)).status).toBe(200);
  });
});
