import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ webDir: null });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /docs/{name}', () => {
  it('serves the README and the data-service reference as markdown, without signing in', async () => {
    for (const [name, heading] of [['README.md', '# Pharos'], ['data-service.md', '# The data service']] as const) {
      const response = await fetch(`${server.url}/docs/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/markdown');
      expect((await response.text()).startsWith(heading)).toBe(true);
    }
  });

  it('serves nothing else', async () => {
    for (const name of ['package.json', '..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd', 'constructor']) {
      expect((await fetch(`${server.url}/docs/${name}`)).status).toBe(404);
    }
  });
});
