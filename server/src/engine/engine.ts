import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Registry } from 'prom-client';
import { EventDispatcher } from '../events/dispatcher.js';
import type { DispatcherOptions } from '../events/types.js';
import { enginePoolSize, type EngineConfig } from './config.js';
import type { JobDefinition } from './job.js';
import { JobMetrics } from './job-metrics.js';
import { ProcessRegistry } from './processes.js';
import { jobHistoryCleanup, JOB_HISTORY_CLEANUP } from './retention.js';
import { JobRunner } from './runner.js';
import { Scheduler } from './scheduler.js';
import { saveSchedule } from './schedules.js';

export interface EngineOptions {
  /** The server's pool; the engine opens its own on the same database. */
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  metrics: Registry;
  config: EngineConfig;
  events?: Partial<DispatcherOptions>;
}

/**
 * What runs by itself in a server process: queued jobs, schedules' ticks and domain event consumers.
 * Areas define their jobs and consumers before `start`; every process of one database shares the work.
 */
export class Engine {
  readonly events: EventDispatcher;
  private readonly pool: pg.Pool;
  private readonly runner: JobRunner;
  private readonly scheduler: Scheduler;
  private readonly processes: ProcessRegistry;
  private started = false;

  constructor(options: EngineOptions) {
    const { config, logger } = options;
    this.pool = new pg.Pool({ ...options.pool.options, max: enginePoolSize(config) });
    const onError = (error: Error) => logger.warn({ err: error }, 'an engine database connection failed');
    this.pool.on('error', onError);
    this.pool.on('connect', (client) => client.on('error', onError));
    const metrics = new JobMetrics(options.metrics, this.pool);
    this.runner = new JobRunner({ pool: this.pool, logger, metrics, ...config });
    this.scheduler = new Scheduler({ pool: this.pool, logger, intervalMs: config.schedulerIntervalMs, batchSize: 500 });
    this.processes = new ProcessRegistry({
      pool: this.pool,
      logger,
      heartbeatMs: config.heartbeatMs,
      deadAfterMs: config.deadAfterMs,
      onBack: async (workerIds) => {
        const { completed, unlocked } = await this.runner.lost.takeUpLost(this.pool, workerIds);
        if (completed + unlocked > 0) logger.warn({ completed, unlocked }, 'jobs whose completion the database outage lost are taken up again');
      },
    });
    this.events = new EventDispatcher(this.pool, logger, options.events);
    this.runner.onLockHolder((id) => void this.processes.addLockHolder(id).catch((error: unknown) => logger.warn({ err: error }, 'could not record a job worker')));
    this.define(jobHistoryCleanup(this.pool));
  }

  define<Payload>(definition: JobDefinition<Payload>): void {
    if (this.started) throw new Error('Jobs are defined before the engine starts');
    this.runner.define(definition);
  }

  async start(): Promise<void> {
    this.started = true;
    await this.processes.start();
    await this.runner.start();
    await saveSchedule(this.pool, {
      key: `system:${JOB_HISTORY_CLEANUP}`,
      task: JOB_HISTORY_CLEANUP,
      schedule: '@every 1h',
      history: { name: JOB_HISTORY_CLEANUP, resourceType: 'system', resourceName: 'job history' },
    });
    this.scheduler.start();
    await this.events.start();
  }

  /** Stops triggering and claiming; jobs in hand finish (or are asked to stop after the grace period). */
  async stop(): Promise<void> {
    if (!this.started) return this.pool.end();
    await this.scheduler.stop();
    await this.events.stop();
    await this.runner.stop();
    await this.processes.stop();
    await this.pool.end();
  }
}
