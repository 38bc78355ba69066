import type { Engine } from '../engine/engine.js';
import { saveSchedule } from '../engine/schedules.js';
import { EVALUATE_EVIDENCE, evaluateEvidenceJob } from './evaluate-evidence.js';
import { DEFAULT_INCIDENT_SCHEDULE, type IncidentOptions } from './options.js';
import { INCIDENT_RULES, incidentRulesJob } from './rules.js';
import { reactToHealthEvents } from './rules-on-events.js';

/**
 * What incidents run on the engine: incident rules, which open, add to, resolve and close incidents
 * from failing components and checks, and the evaluation of definition-of-done scripts. Both run on
 * a schedule shared by every process (`jobs.<name>.schedule` changes it at runtime), and within about a
 * second of a check, component or config changing health.
 */
export async function registerIncidents(engine: Engine, options: IncidentOptions): Promise<void> {
  engine.define(incidentRulesJob(options));
  engine.define(evaluateEvidenceJob(options));
  reactToHealthEvents(engine, options, [INCIDENT_RULES, EVALUATE_EVIDENCE]);
  const schedule = options.schedule ?? DEFAULT_INCIDENT_SCHEDULE;
  await saveSchedule(options.pool, { key: `system:${INCIDENT_RULES}`, task: INCIDENT_RULES, schedule, history: { name: INCIDENT_RULES, resourceType: 'system', resourceName: 'incident rules' } });
  await saveSchedule(options.pool, { key: `system:${EVALUATE_EVIDENCE}`, task: EVALUATE_EVIDENCE, schedule, history: { name: EVALUATE_EVIDENCE, resourceType: 'system', resourceName: 'definition of done' } });
}
