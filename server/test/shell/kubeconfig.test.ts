import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { createToken, hashToken } from '../../src/auth/tokens.js';
import { startTestServer, type TestServer } from '../support/server.js';

interface Kubeconfig {
  apiVersion: string;
  kind: string;
  'current-context': string;
  clusters: { name: string; cluster: { server: string } }[];
  users: { name: string; user: { token: string } }[];
  contexts: { name: string; context: { cluster: string; user: string } }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function download(target: TestServer, token?: string): Promise<Response> {
  return fetch(`${target.url}/api/kubeconfig`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

describe('GET /api/kubeconfig', () => {
  it('answers 401 without a caller', async () => {
    const response = await download(server);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('PGRST301');
  });

  it('downloads a kubeconfig whose token reaches the API as the caller', async () => {
    const email = `kube-${randomUUID()}@example.com`;
    const callerToken = await createToken(server.pool, { email, roles: ['viewer'] });
    const response = await download(server, callerToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="pharos-kubeconfig.yaml"');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const config = parse(await response.text()) as Kubeconfig;
    expect(config.apiVersion).toBe('v1');
    expect(config.kind).toBe('Config');
    const context = config.contexts.find((entry) => entry.name === config['current-context'])?.context;
    expect(context).toBeDefined();
    const cluster = config.clusters.find((entry) => entry.name === context?.cluster)?.cluster;
    const user = config.users.find((entry) => entry.name === context?.user);
    expect(cluster?.server).toBe(server.url);
    expect(user?.name).toBe(email);
    const token = user?.user.token ?? '';
    expect(token).toMatch(/^pharos_/);
    expect(token).not.toBe(callerToken);

    const people = await fetch(`${server.url}/api/db/people?select=email&email=eq.${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(people.status).toBe(200);
    expect(await people.json()).toEqual([{ email }]);

    const { rows } = await server.pool.query<{ name: string; expires_at: Date; same_person: boolean }>(
      `select t.name, t.expires_at, t.person_id = p.id as same_person
         from access_tokens t join people p on lower(p.email) = lower($2)
        where t.value = $1`,
      [hashToken(token), email],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.name).toBe('kubeconfig');
    expect(row?.same_person).toBe(true);
    const lifetime = (row?.expires_at.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS);
  });

  it('creates a new token on every download', async () => {
    const callerToken = await server.tokenFor(['editor']);
    const first = parse(await (await download(server, callerToken)).text()) as Kubeconfig;
    const second = parse(await (await download(server, callerToken)).text()) as Kubeconfig;
    expect(first.users[0]?.user.token).not.toBe(second.users[0]?.user.token);
  });

  it('points at PHAROS_PUBLIC_URL when it is set', async () => {
    vi.stubEnv('PHAROS_PUBLIC_URL', 'https://pharos.example.com/');
    const other = await startTestServer().finally(() => vi.unstubAllEnvs());
    try {
      const response = await download(other, await other.tokenFor(['viewer']));
      expect(response.status).toBe(200);
      const config = parse(await response.text()) as Kubeconfig;
      expect(config.clusters[0]?.cluster.server).toBe('https://pharos.example.com');
    } finally {
      await other.close();
    }
  });
});
