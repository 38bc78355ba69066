import type { JobHistoryTarget } from './job.js';

/** What the engine queues: the definition's payload, and for a schedule's tick where to record the run. */
export interface JobEnvelope {
  data: Record<string, unknown>;
  scheduled?: {
    key: string;
    /** The tick this run is for (ISO time). */
    tick: string;
    history: JobHistoryTarget;
  };
}

export function readEnvelope(raw: unknown): JobEnvelope {
  const value = (raw ?? {}) as Partial<JobEnvelope>;
  return { data: value.data ?? {}, ...(value.scheduled ? { scheduled: value.scheduled } : {}) };
}
