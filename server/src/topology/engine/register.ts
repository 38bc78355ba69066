import type { Engine } from '../../engine/engine.js';
import { topologyRunJob, type TopologyRunOptions } from './run-topology.js';
import { healthStaleHandler, topologyChangedHandler } from './sync.js';

/** Event names the topology engine consumes. */
export const TOPOLOGY_CHANGED = 'topology.changed';
export const TOPOLOGY_HEALTH_STALE = 'topology.health.stale';

/** What the topology engine runs: each topology's job, its schedule kept in step with its spec, and components' health kept in step with their checks and configs. */
export function registerTopology(engine: Engine, options: TopologyRunOptions): void {
  engine.define(topologyRunJob(options));
  engine.events.on([TOPOLOGY_CHANGED], topologyChangedHandler(options.pool));
  engine.events.on([TOPOLOGY_HEALTH_STALE], healthStaleHandler(options.pool, options.sandbox));
}
