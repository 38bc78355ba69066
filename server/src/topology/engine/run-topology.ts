import { transaction } from '../../db/transaction.js';
import type { JobDefinition, JobOutcome } from '../../engine/job.js';
import { buildTopology, type BuildScope } from './build.js';
import { recomputeTree, recomputeUpwards } from './health.js';
import { linkInlineChecks, linkSelected } from './links.js';
import type { LookupOptions } from './lookup.js';
import { deleteVanished, saveTree, type TopologyRow } from './persist.js';
import { parseTopologySpec, topologySchedule } from './spec.js';

/** The job each topology's schedule runs. */
export const TOPOLOGY_RUN_TASK = 'TopologyRun';

export type TopologyRunOptions = LookupOptions;

export interface TopologyRunPayload {
  topologyId: string;
}

export interface TopologyRunResult {
  /** Components this run produced (saved or updated). */
  components: number;
  /** Components soft-deleted because this run no longer produced them. */
  deleted: number;
  /** What went wrong without stopping the run. */
  errors: string[];
}

/**
 * One run of a topology: its spec's component tree built from lookups, saved in place with its links
 * to checks, catalog items and other components, the components it no longer produces soft-deleted
 * (unless a component lookup failed, as canary-checker does), then each component's health worked out
 * from the leaves up. A deleted topology's components are all soft-deleted.
 */
export async function runTopology(options: TopologyRunOptions, topologyId: string, signal: AbortSignal): Promise<TopologyRunResult> {
  const { rows } = await options.pool.query<TopologyRow>('SELECT id, name, namespace, labels, spec, agent_id, deleted_at FROM topologies WHERE id = $1', [topologyId]);
  const topology = rows[0];
  if (!topology || topology.deleted_at) {
    const deleted = await transaction(options.pool, (client) => deleteVanished(client, topologyId, []));
    return { components: 0, deleted, errors: [] };
  }
  const spec = parseTopologySpec(topology.spec ?? {});
  const scope: BuildScope = { ...options, namespace: topology.namespace, signal, errors: [] };
  const built = await buildTopology(scope, topology.name, topology.labels ?? {}, spec);
  signal.throwIfAborted();
  const { saved, deleted } = await transaction(options.pool, async (client) => {
    const saved = await saveTree(client, topology, built.roots);
    await linkSelected(client, saved);
    const deleted = built.incomplete ? 0 : await deleteVanished(client, topology.id, saved.map((component) => component.id));
    return { saved, deleted };
  });
  await linkInlineChecks(options.pool, topology, saved, topologySchedule(topology.spec ?? {}), options.secrets);
  const above = await recomputeTree(options.pool, options.sandbox, [...saved].reverse().map((component) => component.id));
  for (const id of above) await recomputeUpwards(options.pool, options.sandbox, id);
  return { components: saved.length, deleted, errors: scope.errors };
}

/** The job a topology's schedule runs, recorded in job history with what went wrong. */
export function topologyRunJob(options: TopologyRunOptions): JobDefinition<TopologyRunPayload> {
  return {
    name: TOPOLOGY_RUN_TASK,
    timeoutMs: 10 * 60_000,
    maxAttempts: 1,
    async run(payload, context): Promise<JobOutcome> {
      const result = await runTopology(options, payload.topologyId, context.signal);
      return {
        successCount: result.components,
        errorCount: result.errors.length,
        details: { summary: { components: result.components, deleted: result.deleted }, ...(result.errors.length > 0 ? { errors: result.errors } : {}) },
      };
    },
  };
}
