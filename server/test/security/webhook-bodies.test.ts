import { beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../support/manifest.js';
import { playbookTest } from '../playbooks/helpers.js';

/**
 * Webhooks read their JSON bodies themselves (any content type is taken as text), so they need the
 * same nesting limit as every other JSON body: a body nested hundreds of thousands deep is the
 * caller's 400, never a 500 from a stack overflow, and starts no run.
 */

const env = playbookTest();
let playbookId: string;

const PATH = 'deep-body-hook';

beforeAll(async () => {
  playbookId = await env.apply(
    manifest('Playbook', { name: 'deep-body-hook' }, `on:\n  webhook:\n    path: ${PATH}\nactions:\n  - name: react\n    exec:\n      script: echo ok`),
  );
});

async function runs(): Promise<number> {
  const { rows } = await env.pool.query<{ n: number }>('select count(*)::int as n from playbook_runs where playbook_id = $1', [playbookId]);
  return rows[0]?.n ?? 0;
}

function call(body: string, type = 'application/json'): Promise<Response> {
  return fetch(`${env.server.url}/api/playbook/webhook/${PATH}`, { method: 'POST', body, headers: { 'content-type': type } });
}

describe('a playbook webhook', () => {
  it.each([
    ['arrays', `{"a":${'['.repeat(400_000)}${']'.repeat(400_000)}}`, 'application/json'],
    ['objects', `${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`, 'application/json'],
    ['arrays sent as application/vnd.api+json', `${'['.repeat(400_000)}${']'.repeat(400_000)}`, 'application/vnd.api+json'],
  ])('answers 400 naming the limit for JSON %s nested hundreds of thousands deep, and starts no run', async (_shape, body, type) => {
    const response = await call(body, type);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/nested deeper than 64 levels/);
    expect(await runs()).toBe(0);
  });

  it('still starts a run for JSON a person writes', async () => {
    const response = await call(JSON.stringify({ version: '1.0', labels: { a: { b: { c: 1 } } } }));
    expect(response.status).toBe(201);
    expect(await runs()).toBe(1);
  });
});
