import type { Engine } from '../engine/engine.js';
import { playbookEventHandler, PLAYBOOK_TRIGGER_EVENTS } from './event-triggers.js';
import type { PlaybookOptions } from './run-context.js';
import { playbookRunJob } from './run-engine.js';
import { playbookChangedHandler, playbookScheduleJob } from './schedule-triggers.js';

/**
 * What playbooks run on the engine: the job that advances each run, the ticks of `on.schedule`
 * (kept in step with each playbook through playbook.changed) and the events `on.canary`,
 * `on.component` and `on.config` wait for.
 */
export function registerPlaybooks(engine: Engine, options: PlaybookOptions): void {
  engine.define(playbookRunJob(options));
  engine.define(playbookScheduleJob(options));
  engine.events.on(['playbook.changed'], playbookChangedHandler(options.pool));
  engine.events.on(PLAYBOOK_TRIGGER_EVENTS, playbookEventHandler(options));
}
