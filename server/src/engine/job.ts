import type { FastifyBaseLogger } from 'fastify';

/** How a run ended, as job history records it. */
export type JobStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';

/** What a run reports about itself; a run that throws counts as FAILED with its message. */
export interface JobOutcome {
  /** Default: SUCCESS, or WARNING when errorCount > 0. */
  status?: Exclude<JobStatus, 'RUNNING'>;
  successCount?: number;
  errorCount?: number;
  details?: JobDetails;
}

export interface JobDetails {
  errors?: string[];
  scrape_summary?: Record<string, unknown>;
  summary?: Record<string, unknown>;
}

export interface JobContext {
  /** Aborted when the run times out or the process shuts down: stop the work and return. */
  signal: AbortSignal;
  /** 1 on the first attempt. */
  attempt: number;
  /** For a schedule's run, the tick it runs for. */
  tick?: Date;
  logger: FastifyBaseLogger;
}

/** A kind of background work: what a job (queued once, or by a schedule's tick) runs. */
export interface JobDefinition<Payload = Record<string, unknown>> {
  /** The task name jobs are queued under, e.g. 'JobHistoryCleanup'. */
  name: string;
  /** Longest one attempt may take; it then fails (and is retried while attempts remain). */
  timeoutMs?: number;
  /** Attempts before a queued job fails for good. */
  maxAttempts?: number;
  run(payload: Payload, context: JobContext): Promise<JobOutcome | void>;
}

export const DEFAULT_JOB_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 5;

/** Where a scheduled run records itself in job_histories. */
export interface JobHistoryTarget {
  name: string;
  resourceId?: string | null;
  resourceType?: string | null;
  resourceName?: string | null;
}
