import type { Engine } from '../engine/engine.js';
import type { JobEnvelope } from '../engine/envelope.js';
import type { BatchEventHandler } from '../events/types.js';
import type { IncidentOptions } from './options.js';

/** Health events that can change what a rule opens or a definition-of-done item says. */
export const INCIDENT_REACTION_EVENTS = [
  'check.passed',
  'check.failed',
  ...['healthy', 'unhealthy', 'warning', 'unknown'].flatMap((health) => [`component.${health}`, `config.${health}`]),
] as const;

/** A burst of events (10,000 checks failing at once) comes to one run of each job a moment later. */
const GATHER_MS = 500;

/**
 * Queues a run of each job soon, once per claimed batch of events and one pending run per job
 * whatever their number: a run already queued keeps its time (graphile's job key, preserve_run_at);
 * one already running gets a follow-up, so a change made while it ran is not missed.
 */
function queueSoon(options: IncidentOptions, tasks: readonly string[]): BatchEventHandler {
  return async () => {
    const envelope: JobEnvelope = { data: { reason: 'event' } };
    await options.pool.query(
      `SELECT graphile_worker.add_job(t.task, $2::json, run_at => now() + make_interval(secs => $3), max_attempts => 3,
                                      job_key => 'incidents:react:' || t.task, job_key_mode => 'preserve_run_at')
         FROM unnest($1::text[]) AS t (task)`,
      [tasks, JSON.stringify(envelope), GATHER_MS / 1000],
    );
  };
}

/**
 * Makes incident rules and the definition of done react to checks, components and configs changing
 * health within about a second, besides their schedule.
 */
export function reactToHealthEvents(engine: Engine, options: IncidentOptions, tasks: readonly string[]): void {
  engine.events.onBatch(INCIDENT_REACTION_EVENTS, queueSoon(options, tasks), 'incidents');
}
