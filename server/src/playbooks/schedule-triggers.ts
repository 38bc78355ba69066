import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import type { JobDefinition } from '../engine/job.js';
import { removeSchedule, saveSchedule } from '../engine/schedules.js';
import type { DomainEvent } from '../events/types.js';
import type { PlaybookOptions } from './run-context.js';
import { readPlaybookSpec } from './spec.js';
import { startTriggeredRun, triggeredDraft, type TriggeredPlaybook } from './start-triggered.js';

/** The job each `on.schedule` entry of a playbook runs. */
export const PLAYBOOK_SCHEDULE_TASK = 'PlaybookSchedule';

const keyPrefix = (playbookId: string) => `playbook:${playbookId}:schedule:`;

/** `on.schedule`: a schedule text, or a list of them or of `{schedule}`. */
function schedulesOf(spec: unknown): string[] {
  const given = isRecord(spec) && isRecord(spec['on']) ? spec['on']['schedule'] : undefined;
  const entries = Array.isArray(given) ? given : given === undefined ? [] : [given];
  return entries.map((entry) => (isRecord(entry) ? entry['schedule'] : entry)).filter((schedule): schedule is string => typeof schedule === 'string' && schedule.trim() !== '');
}

/**
 * Keeps a playbook's schedules what its `on.schedule` says: one per entry, none once it is deleted. A
 * new schedule first runs at its next tick, not when the playbook is saved.
 */
export async function syncPlaybookSchedules(pool: pg.Pool, playbookId: string): Promise<void> {
  await transaction(pool, async (db) => {
    const { rows } = await db.query<{ name: string; spec: unknown }>('SELECT name, spec FROM playbooks WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [playbookId]);
    const schedules = rows[0] ? schedulesOf(rows[0].spec) : [];
    const { rows: existing } = await db.query<{ key: string }>('SELECT key FROM job_schedules WHERE key LIKE $1', [`${keyPrefix(playbookId)}%`]);
    const keys = schedules.map((_, index) => `${keyPrefix(playbookId)}${index}`);
    for (const { key } of existing) if (!keys.includes(key)) await removeSchedule(db, key);
    for (const [index, schedule] of schedules.entries()) {
      const key = keys[index]!;
      await saveSchedule(db, {
        key,
        task: PLAYBOOK_SCHEDULE_TASK,
        schedule,
        payload: { playbookId, schedule },
        history: { name: PLAYBOOK_SCHEDULE_TASK, resourceId: playbookId, resourceType: 'playbook', resourceName: rows[0]!.name },
      });
      await db.query('UPDATE job_schedules SET reschedule = true WHERE key = $1 AND last_tick IS NULL', [key]);
    }
  });
}

/** playbook.changed: the playbook's schedules follow its spec. */
export function playbookChangedHandler(pool: pg.Pool): (event: DomainEvent) => Promise<void> {
  return (event) => syncPlaybookSchedules(pool, String(event.properties['playbook_id'] ?? event.subjectId));
}

/** A tick of a playbook's schedule: a run of it with its parameters' defaults. */
export function playbookScheduleJob(options: PlaybookOptions): JobDefinition<{ playbookId: string; schedule: string }> {
  return {
    name: PLAYBOOK_SCHEDULE_TASK,
    run: async ({ playbookId, schedule }, context) => {
      const { rows } = await options.pool.query<TriggeredPlaybook>('SELECT id, spec FROM playbooks WHERE id = $1 AND deleted_at IS NULL', [playbookId]);
      const playbook = rows[0];
      if (!playbook) return { status: 'SUCCESS', details: { summary: { skipped: 'the playbook was deleted' } } };
      const spec = readPlaybookSpec(playbook.spec);
      const draft = triggeredDraft(playbook, undefined, { schedule: { schedule, tick: context.tick?.toISOString() ?? new Date().toISOString() } });
      const runId = await startTriggeredRun(options, playbook, spec, draft);
      return { successCount: 1, details: { summary: { run_id: runId } } };
    },
  };
}
