import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { removeSchedule, saveSchedule } from '../engine/schedules.js';
import type { DomainEvent } from '../events/types.js';
import { runsOnAgents } from '../agents/assignment.js';
import { LOCAL_AGENT_ID } from '@pharos/core';
import { CHILD_OF } from './child-checks.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { checksOfSpec, scheduleOfSpec, type Reveal } from './checks-of-spec.js';
import { checksChanged } from './summary-answers.js';

/** The job each canary's schedule runs. */
export const CANARY_RUN_TASK = 'CanaryRun';

export const canaryScheduleKey = (canaryId: string) => `canary:${canaryId}`;

interface CanaryRow {
  id: string;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
  agent_id: string;
  deleted_at: Date | null;
}

/**
 * Makes a canary's checks and schedule what its spec says: a check per entry (found by type and
 * name, so its history stays), checks gone from the spec deleted, the schedule saved; a deleted
 * canary loses both.
 */
export async function syncCanary(pool: pg.Pool, canaryId: string, secrets?: ServerSecrets): Promise<void> {
  await syncChecks(pool, canaryId, secrets ? (sealed) => secrets.openIfOurs(sealed) : undefined);
  // The dashboard's next summary shows the checks as they are now.
  checksChanged();
}

async function syncChecks(pool: pg.Pool, canaryId: string, reveal: Reveal | undefined): Promise<void> {
  await transaction(pool, async (client) => {
    const { rows } = await client.query<CanaryRow>('SELECT id, name, namespace, spec, agent_id, deleted_at FROM canaries WHERE id = $1 FOR UPDATE', [canaryId]);
    const canary = rows[0];
    // A canary assigned to agents (or pushed by one) runs there: its checks here are the ones agents push, which stay theirs.
    if (!canary || canary.deleted_at || runsOnAgents(canary.spec) || canary.agent_id !== LOCAL_AGENT_ID) {
      await client.query(`UPDATE checks SET deleted_at = now() WHERE canary_id = $1 AND deleted_at IS NULL AND agent_id = '${LOCAL_AGENT_ID}'`, [canaryId]);
      await removeSchedule(client, canaryScheduleKey(canaryId));
      return;
    }
    const checks = checksOfSpec(canary.spec ?? {}, reveal);
    const kept: string[] = [];
    for (const check of checks) {
      const { rows: saved } = await client.query<{ id: string }>(
        `INSERT INTO checks (canary_id, type, name, namespace, description, icon, labels, endpoint, spec)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (canary_id, agent_id, type, name) WHERE deleted_at IS NULL
         DO UPDATE SET namespace = excluded.namespace, description = excluded.description, icon = excluded.icon,
           labels = excluded.labels, endpoint = excluded.endpoint, spec = excluded.spec
         RETURNING id`,
        [canary.id, check.type, check.name, canary.namespace, check.description, check.icon, check.labels, check.endpoint, check.spec],
      );
      kept.push(saved[0]!.id);
    }
    // Checks a run made (a junit check's suites, see child-checks.ts) stay while their parent does.
    await client.query(
      `UPDATE checks c SET deleted_at = now() WHERE c.canary_id = $1 AND c.deleted_at IS NULL AND c.agent_id = '${LOCAL_AGENT_ID}' AND NOT (c.id = ANY($2::uuid[]))
         AND NOT EXISTS (SELECT 1 FROM checks p WHERE p.id = ANY($2::uuid[]) AND p.type = c.type AND p.name = c.spec ->> '${CHILD_OF}')`,
      [canary.id, kept],
    );
    await saveSchedule(client, {
      key: canaryScheduleKey(canary.id),
      task: CANARY_RUN_TASK,
      schedule: scheduleOfSpec(canary.spec ?? {}),
      payload: { canaryId: canary.id },
      history: { name: CANARY_RUN_TASK, resourceId: canary.id, resourceType: 'canary', resourceName: canary.name },
    });
  });
}

/** The consumer of canary.changed. */
export function canaryChangedHandler(pool: pg.Pool, secrets?: ServerSecrets) {
  return (event: DomainEvent) => syncCanary(pool, event.subjectId, secrets);
}
