import type pg from 'pg';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Counters of job attempts by task, their durations, and the depth of graphile-worker's queue. */
export class JobMetrics {
  readonly run: Counter<'task'>;
  readonly failed: Counter<'task'>;
  readonly retried: Counter<'task'>;
  readonly duration: Histogram<'task' | 'status'>;

  constructor(registry: Registry, pool: pg.Pool) {
    const registers = [registry];
    this.run = new Counter({ name: 'pharos_jobs_run_total', help: 'Job attempts started', labelNames: ['task'], registers });
    this.failed = new Counter({ name: 'pharos_jobs_failed_total', help: 'Job attempts that failed or timed out', labelNames: ['task'], registers });
    this.retried = new Counter({
      name: 'pharos_jobs_retried_total',
      help: 'Failed job attempts that will be tried again',
      labelNames: ['task'],
      registers,
    });
    this.duration = new Histogram({
      name: 'pharos_job_duration_seconds',
      help: 'Time one job attempt took, by how it ended (success, failed)',
      labelNames: ['task', 'status'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    new Gauge({
      name: 'pharos_job_queue_depth',
      help: 'Jobs in the queue by state: ready (due), scheduled (due later), running, failed (attempts used up)',
      labelNames: ['state'],
      registers,
      async collect() {
        const { rows } = await pool.query<Record<'ready' | 'scheduled' | 'running' | 'failed', string>>(
          `select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now()) as ready,
                  count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now()) as scheduled,
                  count(*) filter (where locked_at is not null) as running,
                  count(*) filter (where locked_at is null and attempts >= max_attempts) as failed
           from graphile_worker.jobs`,
        );
        for (const state of ['ready', 'scheduled', 'running', 'failed'] as const) this.set({ state }, Number(rows[0]?.[state] ?? 0));
      },
    });
  }
}
