import type { PostgrestClient } from '@supabase/postgrest-js';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { firstId, insertPerson, restClient, uniqueSuffix, type JsonRow } from './helpers.js';

/**
 * The rows the read tests query: incidents, hypotheses, configs and notifications, scoped to this
 * test file (by config type, incident description or notification namespace), so other files'
 * data never shows. Each test file that imports this module seeds its own copy.
 */

export interface ReadFixture {
  server: TestServer;
  token: string;
  db: PostgrestClient;
}

const sfx = uniqueSuffix();
export const CONFIG_TYPE = `Read::${sfx}`;
export const INCIDENT_SCOPE = `read-${sfx}`;
export const NOTIFICATION_NS = `read-${sfx}`;
export const ZED = `Zed ${sfx}`;
export const AMY = `Amy ${sfx}`;

export const ALPHA = 'alpha disk full';
export const BETA = 'Beta database slow';
export const GAMMA = 'gamma cost spike';
export const DELTA = 'delta certificates';

export const ids: Record<string, string> = {};

let current: ReadFixture | undefined;

function client(): PostgrestClient {
  if (!current) throw new Error('openReadFixture() has not run');
  return current.db;
}

/** Starts a server on the shared database as an admin and seeds the rows. */
export async function openReadFixture(): Promise<ReadFixture> {
  const server = await startTestServer();
  const token = await server.tokenFor(['admin']);
  const db = restClient(server, token);
  current = { server, token, db };
  const { pool } = server;

  const zed = await insertPerson(pool, ZED);
  const amy = await insertPerson(pool, AMY);
  ids['zed'] = zed;
  ids['amy'] = amy;

  const incident = async (title: string, severity: string, status: string, type: string, createdBy: string | null, commander: string | null): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into incidents (title, description, severity, status, type, created_by, commander_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [title, INCIDENT_SCOPE, severity, status, type, createdBy, commander],
    );
    return firstId(rows);
  };
  ids['alpha'] = await incident(ALPHA, 'high', 'open', 'availability', zed, amy);
  ids['beta'] = await incident(BETA, 'low', 'investigating', 'performance', amy, null);
  ids['gamma'] = await incident(GAMMA, 'critical', 'resolved', 'cost', null, zed);
  ids['delta'] = await incident(DELTA, 'medium', 'closed', 'security', zed, null);

  await pool.query(
    `insert into hypotheses (incident_id, title, status) values
       ($1, 'h-proven', 'proven'), ($1, 'h-disproven', 'disproven'), ($1, 'h-possible', 'possible'),
       ($2, 'h2-likely', 'likely')`,
    [ids['alpha'], ids['beta']],
  );

  const config = async (name: string, labels: object, cost: number | null, ready: boolean | null, health: string | null, extra: { config?: object; properties?: unknown[] } = {}): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into configs (name, type, labels, cost_per_minute, ready, health, config, properties)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [name, CONFIG_TYPE, JSON.stringify(labels), cost, ready, health, extra.config ? JSON.stringify(extra.config) : null, JSON.stringify(extra.properties ?? [])],
    );
    return firstId(rows);
  };
  ids['web1'] = await config('web-1', { env: 'prod', team: 'a' }, 1.5, true, 'healthy', {
    config: { spec: { replicas: 2 } },
    properties: [{ name: 'cpu', value: 5 }],
  });
  ids['web2'] = await config('web-2', { env: 'dev' }, 3, false, 'unhealthy');
  ids['db1'] = await config('db-1', { env: 'prod', tier: 'db' }, null, null, null);

  await pool.query(
    `insert into notifications (name, namespace, events) values
       ('n-both', $1, '{check.failed,check.passed}'), ('n-incident', $1, '{config.created}'), ('n-failed', $1, '{check.failed}')`,
    [NOTIFICATION_NS],
  );
  return current;
}

export function configs(columns = 'name') {
  return client().from('configs').select(columns).eq('type', CONFIG_TYPE);
}

export function incidents(columns = 'title') {
  return client().from('incidents').select(columns).eq('description', INCIDENT_SCOPE);
}

export function notifications() {
  return client().from('notifications').select('name').eq('namespace', NOTIFICATION_NS);
}

/** The values of one key of each row, in the order the server returned them. */
export function pluck(data: unknown, key: string): unknown[] {
  expect(Array.isArray(data)).toBe(true);
  return (data as JsonRow[]).map((row) => row[key]);
}

/** Runs a scoped query and gives back the sorted names (filters that do not order). */
export async function sortedValues(query: PromiseLike<{ data: unknown; error: unknown; status: number }>, key = 'name'): Promise<unknown[]> {
  const { data, error, status } = await query;
  expect(error).toBeNull();
  expect(status).toBe(200);
  return pluck(data, key)
    .map(String)
    .sort();
}
