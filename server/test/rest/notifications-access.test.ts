import type { Role } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { errorBody, jsonInit, rawFetch, uniqueSuffix } from './helpers.js';

/**
 * Who reads and writes the relations of the notifications and integrations screens (spec 3 section 6),
 * written from the spec's role table: admin and editor write notifications and integrations (the
 * scrapers, topologies and log backends an integration's detail page saves), everyone else only
 * reads them. Sends are recorded by delivery alone, and job runs (an integration's Job Status and
 * Job History) by the jobs alone.
 */

let server: TestServer;
const sfx = uniqueSuffix();
const WHO: readonly Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer'];
const tokens = new Map<Role, string>();
const writes = (role: Role) => role === 'admin' || role === 'editor';

/** A PATCH that touches no row: only authorization decides. */
const NO_OP_PATCH = 'created_at=lt.1900-01-01T00:00:00Z';

beforeAll(async () => {
  server = await startTestServer();
  for (const role of WHO) tokens.set(role, await server.tokenFor([role], `notifications-access-${role}-${sfx}@example.com`));
});

afterAll(async () => {
  await server?.close();
});

const token = (role: Role) => tokens.get(role)!;

describe.each(WHO)('%s', (role) => {
  it.each(['notifications', 'notifications_summary', 'notification_send_history', 'notification_silences', 'integrations_with_status', 'logging_backends', 'topologies', 'config_scrapers', 'job_histories'])(
    'reads %s',
    async (relation) => {
      const response = await rawFetch(server, token(role), `${relation}?select=created_at&limit=1`);
      expect(response.status).toBe(200);
    },
  );

  it.each(['notifications', 'notification_silences', 'logging_backends', 'topologies', 'config_scrapers'])('writes %s only with write on its resource', async (relation) => {
    const response = await rawFetch(server, token(role), `${relation}?${NO_OP_PATCH}`, jsonInit('PATCH', { created_at: '2000-01-01T00:00:00Z' }));
    if (writes(role)) {
      expect(response.status).toBe(204);
    } else {
      expect(response.status).toBe(403);
      expect((await errorBody(response)).message).toMatch(new RegExp(`may not write '${relation}'$`));
    }
  });

  it.each([
    ['notification_send_history', 'notification delivery', { status: 'sent' }],
    ['job_histories', 'the jobs that run', { status: 'SUCCESS' }],
  ])('cannot create, change or delete rows of %s through the data service', async (relation, owner, row) => {
    const attempts = [
      rawFetch(server, token(role), relation, jsonInit('POST', row)),
      rawFetch(server, token(role), `${relation}?${NO_OP_PATCH}`, jsonInit('PATCH', row)),
      rawFetch(server, token(role), `${relation}?${NO_OP_PATCH}`, { method: 'DELETE' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect((await errorBody(response)).message).toBe(`permission denied: '${relation}' is changed only through ${owner}`);
    }
  });
});

describe('a send', () => {
  it('keeps its status when an admin tries to rewrite it', async () => {
    const { rows } = await server.pool.query<{ id: string }>(
      `with rule as (insert into notifications (events, title, source) values ('{check.failed}', $1, 'UI') returning id)
       insert into notification_send_history (notification_id, status, error, recipient) select id, 'failed', 'smtp: 550', 'ops@example.com' from rule returning id`,
      [`access ${sfx}`],
    );
    const id = rows[0]!.id;
    const response = await rawFetch(server, token('admin'), `notification_send_history?id=eq.${id}`, jsonInit('PATCH', { status: 'sent', error: null }));
    expect(response.status).toBe(403);
    const kept = await server.pool.query<{ status: string; error: string }>('select status, error from notification_send_history where id = $1', [id]);
    expect(kept.rows[0]).toEqual({ status: 'failed', error: 'smtp: 550' });
  });
});
