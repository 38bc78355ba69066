import type { PostgrestClient } from '@supabase/postgrest-js';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { countRows, errorBody, firstId, restClient, uniqueSuffix } from './helpers.js';

/**
 * The hostile input of the attack tests and the rows they attack: incidents titled with quotes, SQL,
 * parentheses and unicode, and a config whose label keys are hostile too.
 */

export const DROP = "x'; drop table people; --";

/** A test file's own suffix and scope, and titles holding them. */
export function attackValues(sfx = uniqueSuffix()) {
  return {
    sfx,
    SCOPE: `attack-${sfx}`,
    TITLES: {
      quotes: `O'Brien "the" ; -- /* c */ ${sfx}`,
      drop: `${DROP} ${sfx}`,
      parens: `a,b(c)"d ${sfx}`,
      spanish: `ñandú ${sfx}`,
      emoji: `🚀 launch 👩‍🚀 ${sfx}`,
      rtl: `שלום עולם مرحبا ${sfx}`,
      backslash: `back\\slash \\" ${sfx}`,
    },
  } as const;
}

export type AttackValues = ReturnType<typeof attackValues>;

export interface AttackTarget {
  server: TestServer;
  token: string;
  db: PostgrestClient;
  configId: string;
  peopleBefore: number;
  incidentsBefore: number;
}

/** Starts a server, writes the attacked rows of `values` and counts the people and incidents before any attack. */
export async function startAttackTarget({ sfx, SCOPE, TITLES }: AttackValues): Promise<AttackTarget> {
  const server = await startTestServer();
  const token = await server.tokenFor(['admin']);
  const db = restClient(server, token);
  const values = Object.values(TITLES);
  await server.pool.query('insert into incidents (title, description) select t, $2 from unnest($1::text[]) as t', [values, SCOPE]);
  const { rows } = await server.pool.query<{ id: string }>('insert into configs (name, type, labels) values ($1, $2, $3) returning id', [
    `cfg-${sfx}`,
    `Attack::${sfx}`,
    JSON.stringify({ "a'b": 'quote-key', 'x"y': 'dquote-key', 'drop; --': 'semi-key', 'ñ🚀': 'unicode-key' }),
  ]);
  const configId = firstId(rows);
  const peopleBefore = await countRows(server.pool, 'select count(*) as n from people');
  const incidentsBefore = await countRows(server.pool, 'select count(*) as n from incidents');
  return { server, token, db, configId, peopleBefore, incidentsBefore };
}

export async function expectError(response: Response, status: number, code: string | RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = await errorBody(response);
  if (typeof code === 'string') expect(body.code).toBe(code);
  else expect(body.code).toMatch(code);
}

/** Every table the attacks name still there, no person gone, and the incidents only those the tests wrote. */
export async function expectDatabaseIntact(target: AttackTarget, { SCOPE, TITLES }: Pick<AttackValues, 'SCOPE' | 'TITLES'>): Promise<void> {
  const { pool } = target.server;
  for (const table of ['people', 'incidents', 'configs', 'access_tokens', 'hypotheses', 'properties']) {
    const { rows } = await pool.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [`public.${table}`]);
    expect(rows).toEqual([{ exists: true }]);
  }
  expect(await countRows(pool, 'select count(*) as n from people')).toBe(target.peopleBefore);
  expect(await countRows(pool, 'select count(*) as n from incidents where coalesce(description, $2) not like $1', [`${SCOPE}-%`, ''])).toBe(target.incidentsBefore);
  expect(await countRows(pool, 'select count(*) as n from incidents where description = $1', [SCOPE])).toBe(Object.keys(TITLES).length);
}
