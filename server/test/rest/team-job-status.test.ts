import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRows, rawFetch, uniqueSuffix } from './helpers.js';

/**
 * `teams_with_status` as the Teams list reads it: Job Status and Last Run come from the work Pharos
 * does for the team — syncing its incident responders and sending the notifications addressed to it.
 */

let server: TestServer;
let token: string;
const sfx = uniqueSuffix();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['viewer'], `teams-${sfx}@example.com`);
});

afterAll(async () => {
  await server?.close();
});

async function team(name: string): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('insert into teams (name) values ($1) returning id', [name]);
  return rows[0]!.id;
}

/** A team responder on a new incident, last synced `minutesAgo`, with the error its last sync left (if any). */
async function responder(teamId: string, minutesAgo: number, error: string | null): Promise<void> {
  const { rows } = await server.pool.query<{ id: string }>("insert into incidents (title, type, status, severity) values ($1, 'availability', 'open', 'low') returning id", [`incident ${sfx}`]);
  await server.pool.query(
    `insert into responders (incident_id, team_id, type, properties, synced_at)
     values ($1, $2, 'system', $3, now() - make_interval(mins => $4))`,
    [rows[0]!.id, teamId, JSON.stringify({ responderType: 'email', ...(error ? { error } : {}) }), minutesAgo],
  );
}

async function notificationSend(teamId: string, minutesAgo: number, status: string, error: string | null): Promise<void> {
  const { rows } = await server.pool.query<{ id: string }>(`insert into notifications (events, title, team_id) values ('{check.failed}', $1, $2) returning id`, [`to ${sfx}`, teamId]);
  await server.pool.query(
    `insert into notification_send_history (notification_id, status, error, recipient, event_id, next_attempt_at, created_at)
     values ($1, $2, $3, 'ops@example.com', gen_random_uuid(), null, now() - make_interval(mins => $4))`,
    [rows[0]!.id, status, error, minutesAgo],
  );
}

async function statusOf(teamId: string): Promise<Record<string, unknown>> {
  const response = await rawFetch(server, token, `teams_with_status?id=eq.${teamId}&select=name,job_status,job_name,last_runtime,job_last_failed,job_details`);
  expect(response.status).toBe(200);
  const [row] = await jsonRows(response);
  return row!;
}

const minutesAgo = (value: unknown) => Math.round((Date.now() - new Date(String(value)).getTime()) / 60_000);

describe('teams_with_status', () => {
  it('has no job status for a team Pharos did nothing for yet', async () => {
    const id = await team(`idle ${sfx}`);
    expect(await statusOf(id)).toMatchObject({ job_status: null, last_runtime: null, job_last_failed: null });
  });

  it('shows the latest of the team responder syncs and notification sends, and when one last failed', async () => {
    const id = await team(`sre ${sfx}`);
    await responder(id, 30, 'jira: 401 Unauthorized');
    await notificationSend(id, 20, 'sent', null);
    let row = await statusOf(id);
    expect(row).toMatchObject({ job_status: 'SUCCESS', job_name: 'Notification' });
    expect(minutesAgo(row['last_runtime'])).toBe(20);
    expect(minutesAgo(row['job_last_failed'])).toBe(30);

    await responder(id, 5, 'jira: 401 Unauthorized');
    row = await statusOf(id);
    expect(row).toMatchObject({ job_status: 'FAILED', job_name: 'IncidentResponders', job_details: { errors: ['jira: 401 Unauthorized'] } });
    expect(minutesAgo(row['last_runtime'])).toBe(5);
    expect(minutesAgo(row['job_last_failed'])).toBe(5);
  });

  it('leaves silenced sends out and reads a failed send as FAILED with its error', async () => {
    const id = await team(`payments ${sfx}`);
    await notificationSend(id, 10, 'failed', 'smtp: 550 mailbox unavailable');
    await notificationSend(id, 1, 'silenced', null);
    const row = await statusOf(id);
    expect(row).toMatchObject({ job_status: 'FAILED', job_details: { errors: ['smtp: 550 mailbox unavailable'] } });
    expect(minutesAgo(row['last_runtime'])).toBe(10);
  });
});
