import type { PostgrestClient } from '@supabase/postgrest-js';
import { startTestServer, type TestServer } from '../support/server.js';
import { firstId, insertPerson, personOfEmail, restClient, uniqueSuffix } from './helpers.js';

/** An admin writing through /api/db (`me`), another person (`other`), and incidents scoped to one test file. */
export interface WriteFixture {
  server: TestServer;
  token: string;
  db: PostgrestClient;
  me: string;
  other: string;
}

export const sfx = uniqueSuffix();
const SCOPE = `write-${sfx}`;
const EMAIL = `writer-${sfx}@example.com`;

let current: WriteFixture | undefined;

function state(): WriteFixture {
  if (!current) throw new Error('openWriteFixture() has not run');
  return current;
}

export async function openWriteFixture(): Promise<WriteFixture> {
  const server = await startTestServer();
  const token = await server.tokenFor(['admin'], EMAIL);
  current = {
    server,
    token,
    db: restClient(server, token),
    me: await personOfEmail(server.pool, EMAIL),
    other: await insertPerson(server.pool, `Other ${sfx}`),
  };
  return current;
}

export interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  description: string | null;
  severity: string;
  status: string;
  type: string;
  created_by: string | null;
}

/** The incidents of a scope that are not deleted (a DELETE only marks them). */
export async function incidentsIn(scope: string): Promise<IncidentRow[]> {
  const { rows } = await state().server.pool.query<IncidentRow>(
    'select id, incident_id, title, description, severity, status, type, created_by from incidents where description = $1 and deleted_at is null order by title',
    [scope],
  );
  return rows;
}

/** A scope of its own for one test, so row counts are exact. */
export function scope(name: string): string {
  return `${SCOPE}-${name}`;
}

export async function insertIncident(title: string, description: string, createdBy: string | null = state().other): Promise<string> {
  const { rows } = await state().server.pool.query<{ id: string }>('insert into incidents (title, description, created_by) values ($1, $2, $3) returning id', [title, description, createdBy]);
  return firstId(rows);
}
