import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Bodies of `POST /api/apply` built to hold the server rather than to apply anything: collections
 * nested a million deep, aliases that expand exponentially ("billion laughs") or to far more than
 * the file, and large files that take the YAML parser seconds. Each is refused with a 400 naming the
 * reason and nothing saved, a caller who may write no kind (here, or a table of the data service) is
 * refused before the body is read, and the server keeps answering everyone else meanwhile.
 */

let server: TestServer;
let admin: string;
let responder: string;
let viewer: string;

interface ApplyError {
  message: string;
  problems?: { reason: string; line: number }[];
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, responder, viewer] = await Promise.all([server.tokenFor(['admin']), server.tokenFor(['responder']), server.tokenFor(['viewer'])]);
});

afterAll(async () => {
  await server?.close();
});

function apply(body: string, token: string, type = 'application/yaml'): Promise<Response> {
  return fetch(`${server.url}/api/apply`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': type } });
}

async function teamsNamed(prefix: string): Promise<number> {
  const { rows } = await server.pool.query<{ n: number }>('select count(*)::int as n from teams where name like $1', [`${prefix}%`]);
  return rows[0]?.n ?? 0;
}

const team = (name: string, extra = ''): string => `apiVersion: pharos.io/v1\nkind: Team\nmetadata:\n  name: ${name}\nspec:\n  description: a team\n${extra}`;

/** Answers of `/api/health` while `pending` had not settled. */
async function healthAnswersDuring(pending: Promise<unknown>): Promise<number> {
  let settled = false;
  void pending.finally(() => (settled = true));
  let answers = 0;
  while (!settled) {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    if (!settled) answers += 1;
    // A pause between calls, so that this loop does not take the core the parser needs.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return answers;
}

describe('a caller who may write no kind', () => {
  it('is refused with 403 before a million levels of nesting are read, naming the kinds', async () => {
    const levels = 1_000_000;
    const response = await apply(`a: ${'['.repeat(levels)}${']'.repeat(levels)}\n`, viewer);
    expect(response.status).toBe(403);
    const body = (await response.json()) as ApplyError;
    expect(body.message).toMatch(/your role \(viewer\) may not write any of Canary, .*Team; nothing was applied/);
  });

  it('is refused the same way when deleting', async () => {
    const response = await fetch(`${server.url}/api/apply`, { method: 'DELETE', body: team('x'), headers: { authorization: `Bearer ${viewer}` } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApplyError).message).toMatch(/may not write any of .*; nothing was deleted/);
  });

  it('a responder, who writes IncidentRule, still gets the kinds of the body it may not write', async () => {
    const response = await apply(team('responder-team'), responder);
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApplyError).message).toMatch(/may not write Team; nothing was applied/);
  });
});

describe('a body built to exhaust the parser', () => {
  // As deep as fits in the 2 MiB a body may have.
  it.each([
    ['YAML flow lists', `a: ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}\n`, 'application/yaml'],
    ['YAML block lists', `${'- '.repeat(1_000_000)}x\n`, 'application/yaml'],
    ['JSON objects', `${'{"a":'.repeat(250_000)}1${'}'.repeat(250_000)}`, 'application/json'],
  ])('%s nested hundreds of thousands deep answer 400 naming the limit', async (_shape, body, type) => {
    const response = await apply(body, responder, type);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ApplyError;
    expect(answer.problems?.[0]?.reason).toBe('the input is nested deeper than 64 levels');
    expect(answer.message).toContain('Nothing was applied');
  });

  it('64 levels, the limit, are still read', async () => {
    const nested = `${'{"a":'.repeat(60)}1${'}'.repeat(60)}`;
    const response = await apply(team('nested-team-64', `  extra: ${nested}\n`), admin);
    expect(response.status).toBe(200);
  });

  it('billion laughs answers 400 with the reason, and nothing of the file is saved', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const name = String.fromCharCode(97 + level);
      const previous = String.fromCharCode(96 + level);
      lines.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
    }
    const bomb = `${team('laughs-first')}---\n${team('laughs-bomb', lines.map((line) => `  ${line}`).join('\n'))}\n`;
    const response = await apply(bomb, admin);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ApplyError;
    expect(answer.problems?.[0]?.reason).toMatch(/aliases expand too much/);
    expect(await teamsNamed('laughs-')).toBe(0);
  });

  it('aliases of a large value that multiply the file answer 400', async () => {
    const big = `  big: &big "${'x'.repeat(400_000)}"\n  copies: [${Array.from({ length: 50 }, () => '*big').join(',')}]\n`;
    const response = await apply(team('alias-copies', big), admin);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApplyError).problems?.[0]?.reason).toMatch(/aliases expand to far more than the file/);
    expect(await teamsNamed('alias-copies')).toBe(0);
  });

  it('thousands of aliases answer 400 instead of costing their square', async () => {
    const many = `  anchor: &x 1\n  copies: [${Array.from({ length: 50_000 }, () => '*x').join(',')}]\n`;
    const response = await apply(team('alias-many', many), admin);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApplyError).problems?.[0]?.reason).toBe('the input has more than 1000 aliases (*name)');
  });

  it('a few aliases, as people write them, are applied', async () => {
    const response = await apply(team('alias-few', '  shared: &s {a: 1}\n  again: *s\n'), admin);
    expect(response.status).toBe(200);
  });
});

describe('while a large body is parsed', () => {
  it('health keeps answering: the parser does not hold the event loop', async () => {
    // Nearly 2 MiB of small mappings that are no resources: seconds of parsing, then a 400.
    const items = Array.from({ length: 60_000 }, (_, i) => `  - {n: item-${i}, v: ${i}}`).join('\n');
    const pending = apply(`kind: List\nitems:\n${items}\n`, responder);
    const answers = await healthAnswersDuring(pending);
    const response = await pending;
    expect(response.status).toBe(400);
    // Parsing takes the yaml package about a second or more; on the event loop no health answer would fit in it.
    expect(answers).toBeGreaterThan(5);
  });
});

describe('a data service write the caller may not make', () => {
  it.each(['POST', 'PATCH'])('%s is refused with 403 before its body is read, however it is nested', async (method) => {
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const response = await fetch(`${server.url}/api/db/configs?id=eq.00000000-0000-0000-0000-000000000000`, {
      method,
      body: deep,
      headers: { authorization: `Bearer ${viewer}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApplyError).message).toMatch(/permission denied/);
    // The unread body ends the connection instead of holding it (and the server's close) for the keep-alive timeout.
    expect(response.headers.get('connection')).toBe('close');
  });
});
