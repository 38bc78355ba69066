import { isRecord, type ResourceSearchKind } from '@pharos/core';
import type { EventHandler } from '../events/types.js';
import { shouldRun } from './expressions.js';
import { runEnvironment, type PlaybookOptions } from './run-context.js';
import { readPlaybookSpec } from './spec.js';
import { startTriggeredRun, triggeredDraft, type TriggeredPlaybook } from './start-triggered.js';

/** Each event a playbook's `on` can name: the `on` key, the event it names there, and the resource it is about. */
const EVENT_TRIGGERS: Readonly<Record<string, { on: 'canary' | 'component' | 'config'; event: string; kind: ResourceSearchKind }>> = {
  'check.passed': { on: 'canary', event: 'passed', kind: 'checks' },
  'check.failed': { on: 'canary', event: 'failed', kind: 'checks' },
  ...Object.fromEntries(['healthy', 'unhealthy', 'warning', 'unknown'].map((health) => [`component.${health}`, { on: 'component', event: health, kind: 'components' }])),
  ...Object.fromEntries(
    ['created', 'updated', 'deleted', 'healthy', 'unhealthy', 'warning', 'unknown'].map((event) => [`config.${event}`, { on: 'config', event, kind: 'configs' }]),
  ),
};

/** The events playbook triggers consume. */
export const PLAYBOOK_TRIGGER_EVENTS = Object.keys(EVENT_TRIGGERS);

interface EventTrigger {
  event: string;
  filter?: string;
  labels?: Record<string, string>;
}

function triggersOf(spec: unknown, on: string): EventTrigger[] {
  const triggers = isRecord(spec) && isRecord(spec['on']) ? spec['on'][on] : undefined;
  return Array.isArray(triggers) ? triggers.filter((trigger): trigger is EventTrigger => isRecord(trigger) && typeof trigger['event'] === 'string') : [];
}

const labelsMatch = (wanted: Record<string, string> | undefined, labels: unknown): boolean =>
  !wanted || Object.entries(wanted).every(([key, value]) => isRecord(labels) && labels[key] === value);

/**
 * `on.canary`, `on.component` and `on.config` (mission-control's event triggers): each event about a
 * check, component or config starts a run of every playbook with a trigger for it whose `labels`
 * match the resource and whose `filter` (CEL over the resource and `event`) is true.
 */
export function playbookEventHandler(options: PlaybookOptions): EventHandler {
  // Read at each event (a few rows), so a playbook saved a moment ago already reacts.
  const playbooks = async (on: string): Promise<TriggeredPlaybook[]> =>
    (await options.pool.query<TriggeredPlaybook>(`SELECT id, spec FROM playbooks WHERE deleted_at IS NULL AND spec -> 'on' ? $1`, [on])).rows;
  return async (event) => {
    const wanted = EVENT_TRIGGERS[event.name];
    if (!wanted || !event.subjectId) return;
    for (const playbook of await playbooks(wanted.on)) {
      const triggers = triggersOf(playbook.spec, wanted.on).filter((trigger) => trigger.event === wanted.event);
      if (triggers.length === 0) continue;
      let spec;
      try {
        spec = readPlaybookSpec(playbook.spec);
      } catch {
        continue; // a spec that cannot run was refused when saved; one stored otherwise starts nothing
      }
      const draft = triggeredDraft(playbook, { kind: wanted.kind, id: event.subjectId }, { event: { name: event.name, properties: event.properties, created_at: event.createdAt } });
      const { environment } = await runEnvironment(options, options.pool, draft, [], []);
      const resource = environment.config ?? environment.component ?? environment.check;
      let fires = false;
      let error: string | undefined;
      for (const candidate of triggers) {
        if (!labelsMatch(candidate.labels, resource?.['labels'])) continue;
        try {
          if (!candidate.filter || (await shouldRun(options.sandbox, candidate.filter, environment))) fires = true;
        } catch (failure) {
          error = `on.${wanted.on} filter '${candidate.filter}': ${(failure as Error).message}`;
        }
      }
      if (fires || error) await startTriggeredRun(options, playbook, spec, draft, fires ? undefined : error);
    }
  };
}
