import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { run, type JobHelpers, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { readEnvelope, type JobEnvelope } from './envelope.js';
import { retryWhileUnavailable } from '../db/retry.js';
import { graphileLogger } from './graphile-logger.js';
import './graphile-retries.js';
import { DEFAULT_JOB_TIMEOUT_MS, type JobDefinition, type JobOutcome } from './job.js';
import { failedOutcome, finishRun, startRun } from './job-history.js';
import type { JobMetrics } from './job-metrics.js';
import { LostJobs } from './lost-jobs.js';

export interface JobRunnerOptions {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  metrics: JobMetrics;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often to look for jobs due later (retries); new jobs wake the workers through NOTIFY. */
  pollIntervalMs: number;
  /** On shutdown, how long running jobs get before they are asked to stop. */
  shutdownGraceMs: number;
}

class JobTimeoutError extends Error {}

/** Resolves with the work, or rejects as soon as the signal aborts (the work is asked to stop through it). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Runs queued jobs with graphile-worker: durable in the same database, claimed with SKIP LOCKED by
 * every process, at least once, retried with exponential backoff. Adds what graphile-worker leaves to
 * its users: a timeout per attempt, job history for scheduled runs, and metrics.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly events: WorkerEvents = new EventEmitter() as WorkerEvents;
  private runner: Runner | undefined;
  /** What runs here and how it ended, to take up jobs whose completion a database outage lost. */
  readonly lost = new LostJobs();

  constructor(private readonly options: JobRunnerOptions) {}

  define<Payload>(definition: JobDefinition<Payload>): void {
    if (this.definitions.has(definition.name)) throw new Error(`A job named '${definition.name}' is defined already`);
    this.definitions.set(definition.name, definition as JobDefinition);
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  /** Calls back with the id of each worker and worker pool as it is created, before it locks a job. */
  onLockHolder(listener: (id: string) => void): void {
    this.events.on('pool:create', ({ workerPool }) => listener(workerPool.id));
    this.events.on('worker:create', ({ worker }) => listener(worker.workerId));
  }

  async start(): Promise<void> {
    const taskList: TaskList = {};
    for (const definition of this.definitions.values()) taskList[definition.name] = this.task(definition);
    this.runner = await run({
      pgPool: this.options.pool,
      taskList,
      concurrency: this.options.concurrency,
      pollInterval: this.options.pollIntervalMs,
      noHandleSignals: true,
      gracefulShutdownAbortTimeout: this.options.shutdownGraceMs,
      logger: graphileLogger(this.options.logger),
      events: this.events,
    });
  }

  /** Finishes the jobs in hand (asking them to stop after the grace period) and takes no more. */
  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    await runner?.stop();
  }

  private task(definition: JobDefinition): Task {
    return async (raw, helpers) => {
      const jobId = String(helpers.job.id);
      this.lost.started(jobId);
      let succeeded = false;
      try {
        await this.runTask(definition, raw, helpers);
        succeeded = true;
      } finally {
        this.lost.ended(jobId, succeeded);
      }
    };
  }

  private async runTask(definition: JobDefinition, raw: unknown, helpers: JobHelpers): Promise<void> {
    const envelope = readEnvelope(raw);
    const { metrics } = this.options;
    const labels = { task: definition.name };
    metrics.run.inc(labels);
    const stopTimer = metrics.duration.startTimer(labels);
    const historyId = envelope.scheduled ? await startRun(this.options.pool, envelope.scheduled.history) : undefined;
    try {
      const outcome = (await this.attempt(definition, envelope, helpers)) ?? {};
      stopTimer({ status: 'success' });
      if (historyId) await this.finishScheduled(historyId, outcome);
    } catch (error) {
      stopTimer({ status: 'failed' });
      metrics.failed.inc(labels);
      if (historyId) {
        // A scheduled run is not retried: its next tick is the retry, and job history tells the failure.
        await this.finishScheduled(historyId, failedOutcome(error));
        this.options.logger.warn({ err: error, job: definition.name, schedule: envelope.scheduled?.key }, 'scheduled run failed');
        return;
      }
      if (helpers.job.attempts < helpers.job.max_attempts) metrics.retried.inc(labels);
      throw error;
    }
  }

  /**
   * Records how a scheduled run ended, waiting for the database if it is away: the run happened, so
   * it is never failed (and run again) for want of its history.
   */
  private async finishScheduled(historyId: string, outcome: JobOutcome): Promise<void> {
    try {
      await retryWhileUnavailable(() => finishRun(this.options.pool, historyId, outcome));
    } catch (error) {
      this.options.logger.warn({ err: error, historyId }, 'could not record how a scheduled run ended');
    }
  }

  private async attempt(definition: JobDefinition, envelope: JobEnvelope, helpers: JobHelpers): Promise<JobOutcome | void> {
    const timeoutMs = definition.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new JobTimeoutError(`timed out after ${timeoutMs} ms`)), timeoutMs);
    const onShutdown = () => controller.abort(new Error('the server is shutting down'));
    helpers.abortSignal?.addEventListener('abort', onShutdown, { once: true });
    try {
      const tick = envelope.scheduled ? new Date(envelope.scheduled.tick) : undefined;
      const context = { signal: controller.signal, attempt: helpers.job.attempts, logger: this.options.logger, ...(tick ? { tick } : {}) };
      return await untilAborted(definition.run(envelope.data, context), controller.signal);
    } finally {
      clearTimeout(timer);
      helpers.abortSignal?.removeEventListener('abort', onShutdown);
    }
  }
}
