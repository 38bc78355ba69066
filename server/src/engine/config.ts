import { positiveInteger } from '../config.js';

export interface EngineConfig {
  /** Jobs one process runs at once (PHAROS_JOB_CONCURRENCY). */
  concurrency: number;
  /** How often a process says it is alive. */
  heartbeatMs: number;
  /** Silence after which a process counts as dead and its jobs go to the others. */
  deadAfterMs: number;
  /** How often each process looks for due schedules. */
  schedulerIntervalMs: number;
  /** How often workers look for retries due; new jobs wake them at once. */
  pollIntervalMs: number;
  /** On shutdown, how long running jobs get before they are asked to stop. */
  shutdownGraceMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadEngineConfig(env: Env = process.env): EngineConfig {
  const concurrency = positiveInteger('PHAROS_JOB_CONCURRENCY', env['PHAROS_JOB_CONCURRENCY'], 4, 100);
  if (concurrency < 1) throw new Error('PHAROS_JOB_CONCURRENCY must be at least 1');
  return { concurrency, heartbeatMs: 2_000, deadAfterMs: 10_000, schedulerIntervalMs: 250, pollIntervalMs: 1_000, shutdownGraceMs: 10_000 };
}

/** Connections besides the workers': graphile-worker's listener, the event listener and batch, the scheduler, heartbeats. */
const SPARE_CONNECTIONS = 6;

/** The connections of a process's job engine pool. */
export function enginePoolSize(config: Pick<EngineConfig, 'concurrency'>): number {
  return config.concurrency + SPARE_CONNECTIONS;
}
