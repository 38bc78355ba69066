import type { Engine } from '../engine/engine.js';
import type { PlaybookOptions } from './run-context.js';
import { playbookRunJob } from './run-engine.js';

/** What playbooks run on the engine: the job that advances each run. */
export function registerPlaybooks(engine: Engine, options: PlaybookOptions): void {
  engine.define(playbookRunJob(options));
}
