import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { errorBody, jsonInit, rawFetch, uniqueSuffix } from './helpers.js';

/**
 * A notification applied from a file is read-only through the data service (spec 3 section 2.3:
 * editable only when its source is UI or empty); one made on the screen is edited and deleted, and the
 * apply path still changes the applied one.
 */

let server: TestServer;
let token: string;
const sfx = uniqueSuffix();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
});

async function notification(source: string | null): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>(
    "insert into notifications (name, title, events, source) values ($1, 'before', '{check.failed}', $2) returning id",
    [`rule-${source ?? 'none'}-${sfx}`, source],
  );
  return rows[0]!.id;
}

const titleOf = async (id: string) => (await server.pool.query<{ title: string; deleted_at: Date | null }>('select title, deleted_at from notifications where id = $1', [id])).rows[0];

describe('notifications applied from a file', () => {
  it('refuses a change and a soft delete through the data service with 403 and the reason, changing nothing', async () => {
    const id = await notification('KubernetesCRD');
    const change = await rawFetch(server, token, `notifications?id=eq.${id}`, jsonInit('PATCH', { title: 'after' }));
    expect(change.status).toBe(403);
    expect((await errorBody(change)).message).toBe('This notification comes from KubernetesCRD: change it there and apply it again');
    const remove = await rawFetch(server, token, `notifications?id=eq.${id}`, jsonInit('PATCH', { deleted_at: new Date().toISOString() }));
    expect(remove.status).toBe(403);
    const hard = await rawFetch(server, token, `notifications?id=eq.${id}`, { method: 'DELETE' });
    expect(hard.status).toBe(403);
    expect(await titleOf(id)).toEqual({ title: 'before', deleted_at: null });
  });

  it('lets the server itself (as pharos apply does) change it', async () => {
    const id = await notification('file');
    await server.pool.query("update notifications set title = 'after' where id = $1", [id]);
    expect((await titleOf(id))?.title).toBe('after');
  });

  it.each([['UI'], [''], [null]])('edits and deletes one whose source is %j', async (source) => {
    const id = await notification(source);
    const change = await rawFetch(server, token, `notifications?id=eq.${id}`, jsonInit('PATCH', { title: 'after' }));
    expect(change.status).toBe(204);
    expect((await titleOf(id))?.title).toBe('after');
    const remove = await rawFetch(server, token, `notifications?id=eq.${id}`, jsonInit('PATCH', { deleted_at: new Date().toISOString() }));
    expect(remove.status).toBe(204);
  });
});
