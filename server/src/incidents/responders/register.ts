import type { Engine } from '../../engine/engine.js';
import { saveSchedule } from '../../engine/schedules.js';
import { DEFAULT_RESPONDER_SCHEDULE, RESPONDER_SYNC, responderCreatedHandler, responderSyncJob, type ResponderSyncOptions } from './sync.js';

/**
 * Team responders reach their client systems: a new one's ticket (or email) is created as its
 * responder.created event comes, and a job on a schedule shared by every process retries failures and
 * follows open ones into acknowledge, signoff and close times (`jobs.IncidentResponders.schedule`
 * changes how often at runtime).
 */
export async function registerResponders(engine: Engine, options: ResponderSyncOptions): Promise<void> {
  engine.define(responderSyncJob(options));
  engine.events.on(['responder.created'], responderCreatedHandler(options), 'responder-clients');
  await saveSchedule(options.pool, {
    key: `system:${RESPONDER_SYNC}`,
    task: RESPONDER_SYNC,
    schedule: options.schedule ?? DEFAULT_RESPONDER_SCHEDULE,
    history: { name: RESPONDER_SYNC, resourceType: 'system', resourceName: 'incident responders' },
  });
}
