import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/events/types.js';
import { dispatcherTest, within } from './helpers.js';

/**
 * Domain events come from the change that causes them, in its transaction; consumers are woken by
 * NOTIFY, retry with backoff and keep what failed for good; several dispatchers share the queue.
 * Every test uses names or subjects of its own: the database is shared.
 */

const { pool, dispatcher } = dispatcherTest();

async function eventsAbout(subject: string): Promise<{ name: string; properties: Record<string, unknown> }[]> {
  const { rows } = await pool.query<{ name: string; properties: Record<string, unknown> }>(
    'select name, properties from event_queue where subject_id = $1 order by created_at, name',
    [subject],
  );
  return rows;
}

describe('producing events', () => {
  it('in the transaction of the change: rolled back, none; committed, one', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>("insert into configs (name, type) values ('rolled back', 'Test::Event') returning id");
      await client.query('rollback');
      expect(await eventsAbout(rows[0]!.id)).toEqual([]);
    } finally {
      client.release();
    }
    const { rows } = await pool.query<{ id: string }>("insert into configs (name, type, health) values ('kept', 'Test::Event', 'healthy') returning id");
    const id = rows[0]!.id;
    expect((await eventsAbout(id)).map((event) => event.name).sort()).toEqual(['config.created', 'config.healthy']);
  });

  it('for configs updated, turning unhealthy and deleted, merging duplicates while pending', async () => {
    const { rows } = await pool.query<{ id: string }>("insert into configs (name, type) values ('changing', 'Test::Event') returning id");
    const id = rows[0]!.id;
    await pool.query("update configs set name = 'changed once' where id = $1", [id]);
    await pool.query("update configs set name = 'changed twice', health = 'unhealthy' where id = $1", [id]);
    await pool.query('update configs set deleted_at = now() where id = $1', [id]);
    const names = (await eventsAbout(id)).map((event) => event.name);
    expect(names.filter((name) => name === 'config.updated')).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['config.created', 'config.updated', 'config.unhealthy', 'config.deleted']));
  });

  it('for checks passing and failing, and components changing health', async () => {
    const canary = await pool.query<{ id: string }>("insert into canaries (name, namespace) values ($1, 'events') returning id", [`events-${randomUUID()}`]);
    const check = await pool.query<{ id: string }>("insert into checks (canary_id, type, name) values ($1, 'http', 'events') returning id", [canary.rows[0]!.id]);
    const checkId = check.rows[0]!.id;
    await pool.query("update checks set status = 'unhealthy' where id = $1", [checkId]);
    expect((await eventsAbout(checkId)).map((event) => event.name)).toEqual(['check.failed']);
    await pool.query("update checks set status = 'healthy' where id = $1", [checkId]);
    expect((await eventsAbout(checkId)).map((event) => event.name)).toEqual(['check.failed', 'check.passed']);

    const component = await pool.query<{ id: string }>("insert into components (name, health) values ('events', 'healthy') returning id");
    const componentId = component.rows[0]!.id;
    await pool.query("update components set health = 'warning' where id = $1", [componentId]);
    expect((await eventsAbout(componentId)).map((event) => event.name)).toEqual(['component.warning']);
  });

  it('for incident history entries and playbook runs and approvals', async () => {
    const incident = await pool.query<{ id: string }>("insert into incidents (title) values ('events') returning id");
    const incidentId = incident.rows[0]!.id;
    const { rows } = await pool.query<{ name: string }>("select name from event_queue where properties ->> 'incident_id' = $1", [incidentId]);
    expect(rows.map((row) => row.name)).toContain('incident.created');

    const playbook = await pool.query<{ id: string }>("insert into playbooks (name, title, spec) values ($1, 'Events', '{}') returning id", [`events-${randomUUID()}`]);
    const playbookId = playbook.rows[0]!.id;
    await pool.query(`update playbooks set spec = '{"approval": {"approvers": {"people": ["a@example.com"]}}}' where id = $1`, [playbookId]);
    // playbook.changed (merged while pending) keeps the playbook's schedules in step; the approval change has its own.
    expect((await eventsAbout(playbookId)).map((event) => event.name).sort()).toEqual(['playbook.changed', 'playbook.spec.approval.updated']);
    const run = await pool.query<{ id: string }>('insert into playbook_runs (playbook_id) values ($1) returning id', [playbookId]);
    await pool.query("update playbook_runs set status = 'running' where id = $1", [run.rows[0]!.id]);
    expect((await eventsAbout(run.rows[0]!.id)).map((event) => event.name)).toEqual(['playbook.run.pending', 'playbook.run.running']);
    const person = await pool.query<{ id: string }>("insert into people (name, email) values ('Approver', $1) returning id", [`approver-${randomUUID()}@example.com`]);
    const approval = await pool.query<{ id: string }>('insert into playbook_approvals (run_id, person_id) values ($1, $2) returning id', [run.rows[0]!.id, person.rows[0]!.id]);
    const approvalEvents = await eventsAbout(approval.rows[0]!.id);
    expect(approvalEvents.map((event) => event.name)).toEqual(['playbook.approval.inserted']);
    expect(approvalEvents[0]!.properties).toMatchObject({ run_id: run.rows[0]!.id, person_id: person.rows[0]!.id });
  });
});

describe('consuming events', () => {
  it('a consumer is woken by NOTIFY at once, not by its polling', async () => {
    const name = `test.wake.${randomUUID()}`;
    const handled: number[] = [];
    const consumer = dispatcher({ pollIntervalMs: 60_000 });
    consumer.on([name], async () => void handled.push(Date.now()));
    await consumer.start();
    const sent = Date.now();
    await pool.query('select enqueue_event($1, $2)', [name, 'subject']);
    const at = await within(3_000, async () => handled[0]);
    expect(at - sent).toBeLessThan(2_000);
    await within(3_000, async () => ((await pool.query('select 1 from event_queue where name = $1', [name])).rowCount === 0 ? true : undefined));
  });

  it('a failing handler is retried with growing waits, then the event is kept with its error', async () => {
    const name = `test.fail.${randomUUID()}`;
    const calls: number[] = [];
    const consumer = dispatcher({ pollIntervalMs: 50, retryBaseMs: 100, maxAttempts: 3 });
    consumer.on([name], async () => {
      calls.push(Date.now());
      throw new Error('the peer said no');
    });
    await consumer.start();
    await pool.query('select enqueue_event($1, $2)', [name, 'subject']);
    // Once its third attempt is recorded no attempt follows (claims skip events at maxAttempts).
    await within(10_000, async () => ((await pool.query('select 1 from event_queue where name = $1 and attempts = 3', [name])).rowCount === 1 ? true : undefined));
    expect(calls).toHaveLength(3);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(90);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(190);
    const { rows } = await pool.query<{ pending: string; failed: string; average_attempts: string; most_common_error: string }>(
      'select pending, failed, average_attempts, most_common_error from event_queue_summary where name = $1',
      [name],
    );
    expect(rows[0]).toMatchObject({ pending: '0', failed: '1', most_common_error: 'the peer said no' });
    expect(Number(rows[0]?.average_attempts)).toBe(3);
  });

  it('two dispatchers on one database handle each of 500 events exactly once', async () => {
    const name = `test.shared.${randomUUID()}`;
    const seen = new Map<string, number>();
    const count = async (event: DomainEvent) => void seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
    for (let i = 0; i < 2; i += 1) {
      const consumer = dispatcher({ pollIntervalMs: 100, batchSize: 25 });
      consumer.on([name], count);
      await consumer.start();
    }
    await pool.query('select enqueue_event($1, s::text) from generate_series(1, 500) as s', [name]);
    await within(20_000, async () => (seen.size === 500 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...seen.values()].every((times) => times === 1)).toBe(true);
    expect((await pool.query('select 1 from event_queue where name = $1', [name])).rowCount).toBe(0);
  });
});
