import { parseSchedule, ScheduleError, type Schedule } from '@pharos/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { JobEnvelope } from './envelope.js';
import { dueKeyedTick, nextKeyedTick } from './tick-phase.js';

export interface SchedulerOptions {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  /** How often each process looks for due schedules. */
  intervalMs: number;
  /** Schedules claimed in one transaction. */
  batchSize: number;
}

/** Attempts of a scheduled run: a failure waits for the next tick; only a run whose process died is tried again. */
const SCHEDULED_RUN_ATTEMPTS = 3;
/** A schedule that cannot be read (written around saveSchedule) is looked at again after this long. */
const BROKEN_SCHEDULE_RETRY_MS = 60_000;

interface DueRow {
  key: string;
  task: string;
  payload: Record<string, unknown>;
  schedule: string;
  job_name: string;
  resource_id: string | null;
  resource_type: string | null;
  resource_name: string | null;
  next_run_at: Date;
  reschedule: boolean;
  override: string | null;
  disabled: string | null;
  now: Date;
}

interface Decision {
  key: string;
  next: Date;
  /** The tick that runs now; null when nothing runs (rescheduled only, disabled, still running). */
  tick: Date | null;
}

/**
 * Triggers each schedule's ticks. Every process claims due rows of job_schedules with SKIP LOCKED
 * and moves them to their next tick in the transaction that queues the run, so one process triggers
 * each tick and a process that dies leaves nothing behind: the others go on at the next look.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    this.stopped = false;
    this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = this.drain()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'triggering schedules failed'))
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(() => this.loop(), this.options.intervalMs);
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.triggerDue()) === this.options.batchSize);
  }

  /** Triggers one batch of due schedules; answers how many it claimed. */
  async triggerDue(): Promise<number> {
    const client = await this.options.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<DueRow>(
        `select s.key, s.task, s.payload, s.schedule, s.job_name, s.resource_id, s.resource_type, s.resource_name,
                s.next_run_at, s.reschedule, o.value as override, d.value as disabled, now() as now
         from job_schedules s
         left join properties o on o.name = 'jobs.' || s.job_name || '.schedule'
         left join properties d on d.name = 'jobs.' || s.job_name || '.disabled'
         where s.next_run_at <= now() or s.reschedule
         order by s.next_run_at
         limit $1
         for update of s skip locked`,
        [this.options.batchSize],
      );
      if (rows.length > 0) await this.trigger(client, rows);
      await client.query('commit');
      return rows.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async trigger(client: pg.PoolClient, rows: DueRow[]): Promise<void> {
    // Locked until this transaction ends: a worker cannot start a pending run of these schedules
    // between this look and the replacing add_job below (it would run beside the replacement).
    const { rows: queued } = await client.query<{ key: string; running: boolean }>(
      'select key, locked_at is not null as running from graphile_worker._private_jobs where key = any($1) for update',
      [rows.map((row) => row.key)],
    );
    const stillRunning = new Set(queued.filter((job) => job.running).map((job) => job.key));
    const decisions = rows.map((row) => this.decide(row, stillRunning.has(row.key)));
    await client.query(
      `update job_schedules s set next_run_at = u.next, last_tick = coalesce(u.tick, s.last_tick), reschedule = false
       from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as u(key, next, tick)
       where s.key = u.key`,
      [decisions.map((d) => d.key), decisions.map((d) => d.next), decisions.map((d) => d.tick)],
    );
    const runs = rows.flatMap((row, index) => {
      const tick = decisions[index]!.tick;
      return tick ? [{ row, envelope: this.envelope(row, tick) }] : [];
    });
    if (runs.length === 0) return;
    // Replacing a pending run of the same schedule: a tick that could not start yet is not run twice.
    await client.query(
      `select graphile_worker.add_job(u.task, u.payload, max_attempts => $4, job_key => u.key, job_key_mode => 'replace')
       from unnest($1::text[], $2::json[], $3::text[]) as u(task, payload, key)`,
      [runs.map((run) => run.row.task), runs.map((run) => JSON.stringify(run.envelope)), runs.map((run) => run.row.key), SCHEDULED_RUN_ATTEMPTS],
    );
  }

  private decide(row: DueRow, stillRunning: boolean): Decision {
    const schedule = this.scheduleOf(row);
    if (!schedule) return { key: row.key, next: new Date(row.now.getTime() + BROKEN_SCHEDULE_RETRY_MS), tick: null };
    const next = nextKeyedTick(schedule, row.key, row.now);
    if (row.next_run_at > row.now) return { key: row.key, next, tick: null };
    if (row.disabled?.trim().toLowerCase() === 'true') return { key: row.key, next, tick: null };
    if (stillRunning) {
      this.options.logger.debug({ schedule: row.key }, 'the previous run is still going: tick skipped');
      return { key: row.key, next, tick: null };
    }
    // After a downtime: one run, for the latest tick missed.
    const tick = dueKeyedTick(schedule, row.key, new Date(row.next_run_at.getTime() - 1), row.now) ?? row.next_run_at;
    return { key: row.key, next, tick };
  }

  /** The property's schedule when it is set and valid, else the schedule's own. */
  private scheduleOf(row: DueRow): Schedule | null {
    if (row.override) {
      try {
        return parseSchedule(row.override);
      } catch (error) {
        if (!(error instanceof ScheduleError)) throw error;
        this.options.logger.warn({ property: `jobs.${row.job_name}.schedule` }, `${error.message}; the job keeps its own schedule`);
      }
    }
    try {
      return parseSchedule(row.schedule);
    } catch (error) {
      if (!(error instanceof ScheduleError)) throw error;
      this.options.logger.error({ schedule: row.key }, error.message);
      return null;
    }
  }

  private envelope(row: DueRow, tick: Date): JobEnvelope {
    const history = { name: row.job_name, resourceId: row.resource_id, resourceType: row.resource_type, resourceName: row.resource_name };
    return { data: row.payload, scheduled: { key: row.key, tick: tick.toISOString(), history } };
  }
}
