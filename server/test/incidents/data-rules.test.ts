import { randomUUID } from 'node:crypto';
import { INCIDENT_STATUS_TRANSITIONS, INCIDENT_STATUSES, type IncidentStatus } from '@pharos/core';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, personOfEmail, rawFetch, jsonInit, restClient } from '../rest/helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The rules of incident data as the screens meet them through /api/db: the status matrix of spec 2
 * section 4, created_by always the caller, the changelog and event of every change, and the
 * hypothesis tree.
 */

let server: TestServer;
let db: PostgrestClient;
let token: string;
let me: string;

beforeAll(async () => {
  server = await startTestServer();
  const email = `responder-${randomUUID()}@example.com`;
  token = await server.tokenFor(['responder'], email);
  me = await personOfEmail(server.pool, email);
  db = restClient(server, token);
});

afterAll(async () => {
  await server?.close();
});

async function createIncident(status: IncidentStatus = 'open', extra: Record<string, unknown> = {}): Promise<{ id: string; created_by: string | null; status: string }> {
  const { data, error } = await db.from('incidents').insert({ title: `Checkout is slow ${randomUUID()}`, severity: 'low', type: 'availability', status, ...extra }).select('id, created_by, status').single();
  expect(error).toBeNull();
  return data as { id: string; created_by: string | null; status: string };
}

async function rootOf(incidentId: string): Promise<string> {
  const { data, error } = await db.from('hypotheses').insert({ incident_id: incidentId, title: 'Root', type: 'root', status: 'possible' }).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

describe('the incident status matrix', () => {
  const pairs = INCIDENT_STATUSES.flatMap((from) => INCIDENT_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s through PATCH /incidents', async (from, to) => {
    const incident = await createIncident(from);
    const response = await rawFetch(server, token, `incidents?id=eq.${incident.id}`, jsonInit('PATCH', { status: to }, { prefer: 'return=representation' }));
    const allowed = INCIDENT_STATUS_TRANSITIONS[from].includes(to);
    const { rows } = await server.pool.query<{ status: string }>('select status from incidents where id = $1', [incident.id]);
    if (allowed) {
      expect(response.status).toBe(200);
      expect(rows[0]!.status).toBe(to);
    } else {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string; hint: string };
      expect(body.code).toBe('23514');
      expect(body.message).toBe(`An incident cannot move from ${from} to ${to}`);
      expect(body.hint).toBe(`From ${from} it can move to ${INCIDENT_STATUS_TRANSITIONS[from].join(', ')}.`);
      expect(rows[0]!.status).toBe(from);
    }
  });

  it('defaults a new incident to open, low and availability', async () => {
    const { data, error } = await db.from('incidents').insert({ title: 'Defaults' }).select('status, severity, type').single();
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'open', severity: 'low', type: 'availability' });
  });
});

describe('created_by', () => {
  it('is the caller on every incident row written through /api/db, whatever the body says', async () => {
    const someoneElse = await insertPerson(server.pool, 'Mallory');
    const incident = await createIncident('open', { created_by: someoneElse });
    expect(incident.created_by).toBe(me);
    const hypothesis = await db.from('hypotheses').insert({ incident_id: incident.id, title: 'Root', type: 'root', created_by: someoneElse }).select('id, created_by').single();
    expect(hypothesis.data).toMatchObject({ created_by: me });
    const hypothesisId = (hypothesis.data as { id: string }).id;
    const comment = await db.from('comments').insert({ incident_id: incident.id, hypothesis_id: hypothesisId, comment: 'Looking', created_by: someoneElse }).select('created_by').single();
    expect(comment.data).toEqual({ created_by: me });
    const evidence = await db.from('evidences').insert({ hypothesis_id: hypothesisId, type: 'comment', evidence: { comment: 'seen' }, created_by: someoneElse }).select('id, created_by').single();
    expect(evidence.data).toMatchObject({ created_by: me });
    const responder = await db.from('responders').insert({ incident_id: incident.id, type: 'person', person_id: someoneElse, created_by: someoneElse }).select('created_by').single();
    expect(responder.data).toEqual({ created_by: me });

    // A PATCH cannot hand the row to someone else either (nor can an upsert).
    const patched = await db.from('incidents').update({ created_by: someoneElse, title: 'Renamed' }).eq('id', incident.id).select('created_by, title').single();
    expect(patched.data).toEqual({ created_by: me, title: 'Renamed' });
    const upserted = await db.from('evidences').upsert({ id: (evidence.data as { id: string }).id, hypothesis_id: hypothesisId, type: 'comment', created_by: someoneElse }).select('created_by').single();
    expect(upserted.data).toEqual({ created_by: me });
  });

  it('cannot be changed by another path with a session either (the database keeps it)', async () => {
    const incident = await createIncident();
    const someoneElse = await insertPerson(server.pool, 'Eve');
    const client = await server.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('pharos.person_id', $1, true)`, [someoneElse]);
      await client.query('update incidents set created_by = $1 where id = $2', [someoneElse, incident.id]);
      const { rows } = await client.query<{ id: string; created_by: string }>(`insert into incidents (title, created_by) values ('Other', $1) returning id, created_by`, [me]);
      expect(rows[0]!.created_by).toBe(someoneElse);
      await client.query('commit');
    } finally {
      client.release();
    }
    const { rows } = await server.pool.query<{ created_by: string }>('select created_by from incidents where id = $1', [incident.id]);
    expect(rows[0]!.created_by).toBe(me);
  });
});

describe('the changelog', () => {
  it('records every event type in incident_histories and on the event stream, in the transaction of the change', async () => {
    const incident = await createIncident();
    const root = await rootOf(incident.id);
    await db.from('hypotheses').update({ status: 'likely' }).eq('id', root);
    const teamless = await insertPerson(server.pool, 'Pat');
    await db.from('responders').insert({ incident_id: incident.id, type: 'person', person_id: teamless, properties: { responderType: 'person', person: teamless } });
    await db.from('comments').insert({ incident_id: incident.id, hypothesis_id: root, comment: 'The database is saturated' });
    const evidence = await db.from('evidences').insert({ hypothesis_id: root, type: 'comment', description: 'Saturation', evidence: { comment: 'CPU 100%' } }).select('id').single();
    await db.from('evidences').update({ definition_of_done: true }).eq('id', (evidence.data as { id: string }).id);
    await db.from('incidents').update({ status: 'investigating' }).eq('id', incident.id);

    const history = await db.from('incident_histories').select('id, type, created_by, hypothesis_id, evidence_id, responder_id, comment_id, properties').eq('incident_id', incident.id).order('created_at');
    expect(history.error).toBeNull();
    const rows = history.data as { id: string; type: string; created_by: string; hypothesis_id: string | null; properties: Record<string, unknown> }[];
    expect(rows.map((row) => row.type).sort()).toEqual(
      ['evidence.created', 'evidence.done_definition_added', 'hypothesis.created', 'hypothesis.status_updated', 'incident.created', 'incident.status_updated', 'responder.commented', 'responder.created'].sort(),
    );
    expect(rows.every((row) => row.created_by === me)).toBe(true);
    expect(rows.find((row) => row.type === 'incident.status_updated')!.properties).toEqual({ from: 'open', to: 'investigating' });
    expect(rows.find((row) => row.type === 'hypothesis.status_updated')).toMatchObject({ hypothesis_id: root, properties: { from: 'possible', to: 'likely' } });

    const { rows: events } = await server.pool.query<{ name: string; subject_id: string; properties: Record<string, unknown> }>(
      'select name, subject_id, properties from event_queue where subject_id = any($1)',
      [rows.map((row) => row.id)],
    );
    expect(events.map((event) => event.name).sort()).toEqual(rows.map((row) => row.type).sort());
    expect(events.every((event) => event.properties['incident_id'] === incident.id)).toBe(true);
  });

  it('keeps no history nor event of a refused change', async () => {
    const incident = await createIncident('closed');
    const before = await server.pool.query('select count(*)::int as n from incident_histories where incident_id = $1', [incident.id]);
    const refused = await db.from('incidents').update({ status: 'resolved' }).eq('id', incident.id);
    expect(refused.error?.message).toBe('An incident cannot move from closed to resolved');
    const after = await server.pool.query('select count(*)::int as n from incident_histories where incident_id = $1', [incident.id]);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});

describe('the hypothesis tree', () => {
  it('goes root, factor, solution; a solution has no children', async () => {
    const incident = await createIncident();
    const root = await rootOf(incident.id);
    const factor = await db.from('hypotheses').insert({ incident_id: incident.id, parent_id: root, title: 'Factor', type: 'factor' }).select('id').single();
    expect(factor.error).toBeNull();
    const factorId = (factor.data as { id: string }).id;
    const solution = await db.from('hypotheses').insert({ incident_id: incident.id, parent_id: factorId, title: 'Solution', type: 'solution' }).select('id').single();
    expect(solution.error).toBeNull();
    const solutionId = (solution.data as { id: string }).id;

    const underSolution = await rawFetch(server, token, 'hypotheses', jsonInit('POST', { incident_id: incident.id, parent_id: solutionId, title: 'Deeper', type: 'solution' }));
    expect(underSolution.status).toBe(400);
    expect(((await underSolution.json()) as { message: string }).message).toBe('A solution cannot have children');

    const wrongLevel = await db.from('hypotheses').insert({ incident_id: incident.id, parent_id: root, title: 'Skip', type: 'solution' });
    expect(wrongLevel.error?.message).toBe('A hypothesis under a root must be a factor, not a solution');
    const orphan = await db.from('hypotheses').insert({ incident_id: incident.id, title: 'Orphan', type: 'factor' });
    expect(orphan.error?.message).toBe('A hypothesis without a parent must be a root, not a factor');
    const elsewhere = await createIncident();
    const crossing = await db.from('hypotheses').insert({ incident_id: elsewhere.id, parent_id: root, title: 'Crossing', type: 'factor' });
    expect(crossing.error?.message).toBe('A hypothesis and its parent must belong to the same incident');
    const demoted = await db.from('hypotheses').update({ type: 'solution' }).eq('id', factorId);
    expect(demoted.error?.message).toBe('A hypothesis under a root must be a factor, not a solution');
    const moved = await db.from('hypotheses').update({ parent_id: null, type: 'solution' }).eq('id', factorId);
    expect(moved.error?.message).toBe('A hypothesis without a parent must be a root, not a solution');
  });

  it('new hypotheses default to a possible root', async () => {
    const incident = await createIncident();
    const { data } = await db.from('hypotheses').insert({ incident_id: incident.id, title: 'First' }).select('type, status').single();
    expect(data).toEqual({ type: 'root', status: 'possible' });
  });

  it('deleting a hypothesis removes its comments, its evidence and its children', async () => {
    const incident = await createIncident();
    const root = await rootOf(incident.id);
    const factor = await db.from('hypotheses').insert({ incident_id: incident.id, parent_id: root, title: 'Factor', type: 'factor' }).select('id').single();
    const factorId = (factor.data as { id: string }).id;
    await db.from('comments').insert({ incident_id: incident.id, hypothesis_id: factorId, comment: 'On the factor' });
    await db.from('evidences').insert({ hypothesis_id: factorId, type: 'comment', evidence: { comment: 'Evidence' } });
    await db.from('comments').insert({ incident_id: incident.id, hypothesis_id: root, comment: 'On the root' });
    const deleted = await db.from('hypotheses').delete().eq('id', factorId);
    expect(deleted.error).toBeNull();
    const { rows } = await server.pool.query<{ comments: number; evidences: number; hypotheses: number }>(
      `select (select count(*)::int from comments where incident_id = $1) as comments,
              (select count(*)::int from evidences e join hypotheses h on h.id = e.hypothesis_id where h.incident_id = $1) as evidences,
              (select count(*)::int from hypotheses where incident_id = $1) as hypotheses`,
      [incident.id],
    );
    expect(rows[0]).toEqual({ comments: 1, evidences: 0, hypotheses: 1 });
  });
});
