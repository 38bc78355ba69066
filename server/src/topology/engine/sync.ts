import { LOCAL_AGENT_ID } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import { removeSchedule, saveSchedule } from '../../engine/schedules.js';
import type { DomainEvent } from '../../events/types.js';
import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import { runsOnAgents } from '../../agents/assignment.js';
import { recomputeUpwards } from './health.js';
import { deleteVanished } from './persist.js';
import { TOPOLOGY_RUN_TASK } from './run-topology.js';
import { topologySchedule } from './spec.js';

export const topologyScheduleKey = (topologyId: string) => `topology:${topologyId}`;

interface TopologyRow {
  id: string;
  name: string;
  spec: Record<string, unknown> | null;
  agent_id: string;
  deleted_at: Date | null;
}

/**
 * Makes a topology's schedule what its spec says and runs it now (a run going on is never doubled:
 * the scheduler skips a tick while the previous run holds its key). A deleted topology loses its
 * schedule and its components are soft-deleted.
 */
export async function syncTopology(pool: pg.Pool, topologyId: string): Promise<void> {
  await transaction(pool, async (client) => {
    const { rows } = await client.query<TopologyRow>('SELECT id, name, spec, agent_id, deleted_at FROM topologies WHERE id = $1 FOR UPDATE', [topologyId]);
    const topology = rows[0];
    if (!topology || topology.deleted_at) {
      await removeSchedule(client, topologyScheduleKey(topologyId));
      await deleteVanished(client, topologyId, []);
      return;
    }
    // A topology assigned to agents (or pushed by one) runs there; the components they push stay theirs.
    if (runsOnAgents(topology.spec) || topology.agent_id !== LOCAL_AGENT_ID) {
      await removeSchedule(client, topologyScheduleKey(topologyId));
      return;
    }
    const key = topologyScheduleKey(topology.id);
    await saveSchedule(client, {
      key,
      task: TOPOLOGY_RUN_TASK,
      schedule: topologySchedule(topology.spec ?? {}),
      payload: { topologyId: topology.id },
      history: { name: TOPOLOGY_RUN_TASK, resourceId: topology.id, resourceType: 'topology', resourceName: topology.name },
    });
    await client.query('UPDATE job_schedules SET next_run_at = now() WHERE key = $1', [key]);
  });
}

/** The consumer of topology.changed. */
export function topologyChangedHandler(pool: pg.Pool) {
  return (event: DomainEvent) => syncTopology(pool, event.subjectId);
}

/** The consumer of topology.health.stale: a linked check or catalog item changed, so the component's health (and those above it) are worked out again. */
export function healthStaleHandler(pool: pg.Pool, sandbox: ExpressionSandbox) {
  return (event: DomainEvent) => recomputeUpwards(pool, sandbox, event.subjectId);
}
