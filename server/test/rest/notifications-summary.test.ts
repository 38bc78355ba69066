import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { insertPerson, jsonRows, rawFetch, uniqueSuffix } from './helpers.js';

/**
 * `notifications_summary` as the notifications screen reads it (spec 3 sections 3 and 7): each live
 * rule with its person and team, and how its sends went — pending, failed and sent counts, the
 * average duration of the sends that were tried and the most common error of the failed ones.
 */

let server: TestServer;
let token: string;
const sfx = uniqueSuffix();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['viewer'], `summary-${sfx}@example.com`);
});

afterAll(async () => {
  await server?.close();
});

async function rule(columns: { title: string; person_id?: string; team_id?: string; deleted?: boolean }): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>(
    `insert into notifications (events, title, person_id, team_id, deleted_at) values ('{check.failed}', $1, $2, $3, $4) returning id`,
    [columns.title, columns.person_id ?? null, columns.team_id ?? null, columns.deleted ? new Date() : null],
  );
  return rows[0]!.id;
}

/** Sends of a rule: [status, duration, error]. Pending ones are not due, so nothing delivers them meanwhile. */
async function sends(notificationId: string, rows: readonly [string, number | null, string | null][]): Promise<void> {
  for (const [index, [status, duration, error]] of rows.entries()) {
    await server.pool.query(
      `insert into notification_send_history (notification_id, status, duration_millis, error, recipient, event_id, next_attempt_at)
       values ($1, $2, $3, $4, $5, gen_random_uuid(), null)`,
      [notificationId, status, duration, error, `r${index}@example.com`],
    );
  }
}

async function summaryOf(id: string): Promise<Record<string, unknown>[]> {
  const response = await rawFetch(server, token, `notifications_summary?id=eq.${id}&select=title,person,team,pending,failed,sent,avg_duration_ms,most_common_error`);
  expect(response.status).toBe(200);
  return jsonRows(response);
}

describe('notifications_summary', () => {
  it('counts pending, failed and sent, averages the tried sends and names the most common error of the failed ones', async () => {
    const person = await insertPerson(server.pool, `Summary Person ${sfx}`, `summary-person-${sfx}@example.com`);
    const id = await rule({ title: `to a person ${sfx}`, person_id: person });
    await sends(id, [
      ['sent', 100, null],
      ['sent', 300, null],
      ['failed', 200, 'smtp: 550 mailbox unavailable'],
      ['failed', 400, 'smtp: 550 mailbox unavailable'],
      ['failed', 600, 'dial tcp: connection refused'],
      // retrying: the error of their last attempt is not a failure yet
      ['pending', null, 'dial tcp: connection refused'],
      ['pending', null, 'dial tcp: connection refused'],
      ['silenced', null, null],
      ['repeat-interval', null, null],
    ]);
    expect(await summaryOf(id)).toEqual([
      {
        title: `to a person ${sfx}`,
        person: { id: person, name: `Summary Person ${sfx}`, avatar: null, email: `summary-person-${sfx}@example.com` },
        team: null,
        pending: 2,
        failed: 3,
        sent: 2,
        avg_duration_ms: 320,
        most_common_error: 'smtp: 550 mailbox unavailable',
      },
    ]);
  });

  it('gives a rule without sends zero counts and no average or error, with its team', async () => {
    const { rows } = await server.pool.query<{ id: string }>("insert into teams (name, icon) values ($1, 'group') returning id", [`Summary Team ${sfx}`]);
    const team = rows[0]!.id;
    const id = await rule({ title: `to a team ${sfx}`, team_id: team });
    expect(await summaryOf(id)).toEqual([
      {
        title: `to a team ${sfx}`,
        person: null,
        team: { id: team, name: `Summary Team ${sfx}`, icon: 'group' },
        pending: 0,
        failed: 0,
        sent: 0,
        avg_duration_ms: null,
        most_common_error: null,
      },
    ]);
  });

  it('leaves deleted rules out', async () => {
    const id = await rule({ title: `deleted ${sfx}`, deleted: true });
    expect(await summaryOf(id)).toEqual([]);
  });
});
