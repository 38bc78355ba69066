import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { firstId, insertPerson, q, restClient, uniqueSuffix } from './helpers.js';

/**
 * The rows the embedding tests read: three people, incidents with hypotheses and evidences, a
 * hypothesis tree, a team with members, a canary with checks and an agent, on a server of the
 * test file's own. Bindings are filled when the file's tests start (`useEmbedFixture`).
 */

export let server: TestServer;
export let token: string;
export let db: PostgrestClient;

export const sfx = uniqueSuffix();
export const SCOPE = `embed-${sfx}`;
export const ZED = `Zed ${sfx}`;
export const AMY = `Amy ${sfx}`;
export const CMD = `Commander ${sfx}`;

export const id: Record<string, string> = {};

/** Starts the server and writes the rows before the file's tests, and stops it after them. */
export function useEmbedFixture(): void {
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
  db = restClient(server, token);
  const { pool } = server;

  id['zed'] = await insertPerson(pool, ZED, `zed-${sfx}@example.com`);
  id['amy'] = await insertPerson(pool, AMY);
  id['cmd'] = await insertPerson(pool, CMD);

  const incident = async (title: string, createdBy: string | null, commander: string | null): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      'insert into incidents (title, description, created_by, commander_id) values ($1, $2, $3, $4) returning id',
      [title, SCOPE, createdBy, commander],
    );
    return firstId(rows);
  };
  id['one'] = await incident('one', id['zed'] ?? null, id['cmd'] ?? null);
  id['two'] = await incident('two', id['amy'] ?? null, null);
  id['three'] = await incident('three', null, null);

  const hypothesis = async (incidentId: string | undefined, title: string, status: string): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>('insert into hypotheses (incident_id, title, status) values ($1, $2, $3) returning id', [incidentId, title, status]);
    return firstId(rows);
  };
  id['h1a'] = await hypothesis(id['one'], 'h1-a', 'proven');
  id['h1b'] = await hypothesis(id['one'], 'h1-b', 'likely');
  id['h1c'] = await hypothesis(id['one'], 'h1-c', 'disproven');
  id['h2a'] = await hypothesis(id['two'], 'h2-a', 'possible');
  await pool.query(
    `insert into evidences (hypothesis_id, type, description) values
       ($1, 'log', 'ev-log'), ($1, 'config', 'ev-config'), ($2, 'log', 'ev-b-log')`,
    [id['h1a'], id['h1b']],
  );

  const { rows: tree } = await pool.query<{ id: string }>("insert into incidents (title, description) values ('tree', $1) returning id", [`${SCOPE}-tree`]);
  id['tree'] = firstId(tree);
  id['root'] = await hypothesis(id['tree'], 't-root', 'possible');
  await pool.query("insert into hypotheses (incident_id, parent_id, title, type) values ($1, $2, 't-child-2', 'factor'), ($1, $2, 't-child-1', 'factor')", [id['tree'], id['root']]);

  const { rows: teams } = await pool.query<{ id: string }>('insert into teams (name, created_by) values ($1, $2) returning id', [`team-${sfx}`, id['zed']]);
  id['team'] = firstId(teams);
  await pool.query('insert into team_members (team_id, person_id) values ($1, $2), ($1, $3)', [id['team'], id['zed'], id['amy']]);

  const { rows: canaries } = await pool.query<{ id: string }>("insert into canaries (name, namespace) values ($1, 'default') returning id", [`can-${sfx}`]);
  id['canary'] = firstId(canaries);
  await pool.query("insert into checks (canary_id, type, name) values ($1, 'http', $2), ($1, 'tcp', $3)", [id['canary'], `chk-a-${sfx}`, `chk-b-${sfx}`]);

  const { rows: agents } = await pool.query<{ id: string }>('insert into agents (name, created_by) values ($1, $2) returning id', [`agent-${sfx}`, id['zed']]);
  id['agent'] = firstId(agents);
});

afterAll(async () => {
  await server?.close();
});
}

export const scoped = (query: string): string => `incidents?${query}&description=eq.${q(SCOPE)}`;
