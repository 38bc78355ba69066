import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, jsonInit, personOfEmail, rawFetch, restClient } from '../rest/helpers.js';
import { uniqueEmail } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A comment says what its author wrote: only the author changes its text (or moves it), whoever else
 * writes and through whichever path, and every edit keeps the text it replaced, readable beside it.
 */

let server: TestServer;
let adminToken: string;
let adminId: string;
let responderToken: string;
let incident: string;
let hypothesis: string;

beforeAll(async () => {
  server = await startTestServer();
  const adminEmail = uniqueEmail('comment-admin');
  adminToken = await server.tokenFor(['admin'], adminEmail);
  adminId = await personOfEmail(server.pool, adminEmail);
  responderToken = await server.tokenFor(['responder']);
  const db = restClient(server, adminToken);
  const created = await db.from('incidents').insert({ title: 'Comment authorship' }).select('id').single().throwOnError();
  incident = (created.data as { id: string }).id;
  const root = await db.from('hypotheses').insert({ incident_id: incident, title: 'Root', type: 'root', status: 'possible' }).select('id').single().throwOnError();
  hypothesis = (root.data as { id: string }).id;
});

afterAll(async () => {
  await server?.close();
});

async function adminComment(text: string): Promise<string> {
  const { data } = await restClient(server, adminToken).from('comments').insert({ incident_id: incident, hypothesis_id: hypothesis, comment: text }).select('id').single().throwOnError();
  return (data as { id: string }).id;
}

async function commentRow(id: string) {
  const { rows } = await server.pool.query<{ comment: string; created_by: string; hypothesis_id: string | null; edited_at: Date | null }>(
    'select comment, created_by, hypothesis_id, edited_at from comments where id = $1',
    [id],
  );
  return rows[0];
}

describe("someone else's comment", () => {
  it('cannot be rewritten by a responder through the data service: 403 with the reason, text unchanged', async () => {
    const id = await adminComment('Roll back the deploy of 14:02');
    const response = await rawFetch(server, responderToken, `comments?id=eq.${id}`, jsonInit('PATCH', { comment: 'Do not roll back, all good' }, { prefer: 'return=representation' }));
    expect(response.status).toBe(403);
    const body = await errorBody(response);
    expect(body.message).toBe('Only the author of a comment can edit it');
    expect(body.hint).toBe('Reply with a comment of your own instead.');
    expect(await commentRow(id)).toEqual({ comment: 'Roll back the deploy of 14:02', created_by: adminId, hypothesis_id: hypothesis, edited_at: null });
  });

  it('cannot be moved to another hypothesis by a responder either', async () => {
    const id = await adminComment('Stays where it was said');
    const db = restClient(server, responderToken);
    const factor = await db.from('hypotheses').insert({ incident_id: incident, parent_id: hypothesis, title: 'Factor', type: 'factor', status: 'possible' }).select('id').single().throwOnError();
    const moved = await db.from('comments').update({ hypothesis_id: (factor.data as { id: string }).id }).eq('id', id);
    expect(moved.status).toBe(403);
    expect((await commentRow(id))?.hypothesis_id).toBe(hypothesis);
  });

  it('cannot be rewritten by SQL without a caller either', async () => {
    const id = await adminComment('Said by the admin');
    await expect(server.pool.query('update comments set comment = $2 where id = $1', [id, 'Said by nobody'])).rejects.toThrow('Only the author of a comment can edit it');
    expect((await commentRow(id))?.comment).toBe('Said by the admin');
  });
});

describe('an edit by the author', () => {
  it('changes the text, marks it edited, and keeps each earlier text readable with who and when', async () => {
    const id = await adminComment('Error rate at 5%');
    const db = restClient(server, adminToken);
    await db.from('comments').update({ comment: 'Error rate at 15%' }).eq('id', id).throwOnError();
    await db.from('comments').update({ comment: 'Error rate at 15% (p99)' }).eq('id', id).throwOnError();

    const row = await commentRow(id);
    expect(row?.comment).toBe('Error rate at 15% (p99)');
    expect(row?.edited_at).toBeInstanceOf(Date);

    const { data, error } = await restClient(server, responderToken)
      .from('comments')
      .select('comment,edited_at,edits:comment_edits(comment,edited_at,editor:edited_by(id,name))')
      .eq('id', id)
      .order('edited_at', { referencedTable: 'edits', ascending: true })
      .single();
    expect(error).toBeNull();
    const read = data as unknown as { comment: string; edited_at: string; edits: { comment: string; edited_at: string; editor: { id: string } | null }[] };
    expect(read.comment).toBe('Error rate at 15% (p99)');
    expect(read.edits.map((edit) => [edit.comment, edit.editor?.id])).toEqual([
      ['Error rate at 5%', adminId],
      ['Error rate at 15%', adminId],
    ]);
    const { rows } = await server.pool.query<{ type: string; created_by: string }>(`select type, created_by from incident_histories where comment_id = $1 order by created_at`, [id]);
    expect(rows.map((entry) => entry.type)).toEqual(['responder.commented', 'comment.edited', 'comment.edited']);
  });

  it('cannot be forged or removed through the data service', async () => {
    const id = await adminComment('Original');
    const forged = await restClient(server, adminToken).from('comment_edits').insert({ comment_id: id, incident_id: incident, comment: 'Never said' });
    expect(forged.status).toBe(403);
    expect(forged.error?.message).toBe("permission denied: 'comment_edits' is changed only through the database, as comments are edited");
  });
});
