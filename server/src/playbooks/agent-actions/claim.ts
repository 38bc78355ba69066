import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import { runnableFields } from '../actions/runnable-fields.js';
import { runEnvironment, type PlaybookOptions, type RunRow } from '../run-context.js';
import { queueRun } from '../run-engine.js';
import { REDACTED } from '../run-parameters.js';
import { readPlaybookSpec } from '../spec.js';
import type { AgentActionPayload } from './payload.js';
import { resolveCredentials } from './resolve-credentials.js';
import { connectionsFor } from './shipped-connections.js';
import { templateEnvFor } from './template-env.js';

interface Candidate extends RunRow {
  action_id: string;
  action_name: string;
  retry_count: number;
}

/**
 * The oldest action waiting for the agent, locked with its run; rows another poller or the engine
 * holds are skipped, so two pollers never take the same action and nobody waits on a lock.
 */
const NEXT_WAITING = `
  SELECT a.id AS action_id, a.name AS action_name, a.retry_count,
         r.id, r.playbook_id, r.status, r.spec, r.parameters, r.config_id, r.component_id, r.check_id, r.created_by, r.start_time, r.trigger
    FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
   WHERE a.status = 'waiting' AND a.agent_id = $1 AND a.scheduled_time <= now()
     AND r.status NOT IN ('completed', 'failed', 'cancelled', 'skipped')
   ORDER BY a.scheduled_time
   LIMIT 1
     FOR UPDATE SKIP LOCKED`;

/**
 * The action made ready for the agent: rendered here (`templatesOn: host`, the default) or left for
 * the agent with what its templates see (`agent`); the credentials and connections it names resolved.
 * A problem is thrown as the action's error.
 */
async function payloadOf(options: PlaybookOptions, db: pg.PoolClient, candidate: Candidate): Promise<AgentActionPayload> {
  const spec = readPlaybookSpec(candidate.spec);
  const action = spec.actions.find((each) => each.name === candidate.action_name);
  if (!action) throw new Error(`the run's spec has no action '${candidate.action_name}'`);
  const { rows: earlier } = await db.query(
    `SELECT name, status, result, error FROM playbook_run_actions
      WHERE playbook_run_id = $1 AND status IN ('completed', 'failed', 'cancelled', 'skipped') ORDER BY created_at`,
    [candidate.id],
  );
  const { environment, namespace, secretTexts } = await runEnvironment(options, db, candidate, spec.env, earlier);
  const templatesOn = action.templatesOn ?? spec.templatesOn ?? 'host';
  const fields = templatesOn === 'host' ? await runnableFields(options, action.kind, action.body, environment, namespace) : action.body;
  const body = (await resolveCredentials(options.pool, options.secrets, fields, namespace)) as Record<string, unknown>;
  const connections = await connectionsFor(db, options.secrets, body, namespace);
  const deadline = (candidate.start_time?.getTime() ?? Date.now()) + spec.timeoutMs;
  const params = Object.fromEntries(Object.entries(environment.params).map(([name, value]) => [name, typeof value === 'string' && secretTexts.includes(value) ? REDACTED : value]));
  return {
    id: candidate.action_id,
    run_id: candidate.id,
    playbook: environment.playbook,
    name: action.name,
    kind: action.kind,
    spec: body,
    templates_on: templatesOn,
    ...(templatesOn === 'agent' ? { template_env: templateEnvFor(environment, secretTexts, action.body) } : {}),
    connections,
    timeout_ms: Math.max(0, Math.min(deadline - Date.now(), action.timeoutMs ?? Number.POSITIVE_INFINITY)),
    params,
    resource: {
      ...(environment.config ? { config: environment.config } : {}),
      ...(environment.component ? { component: environment.component } : {}),
      ...(environment.check ? { check: environment.check } : {}),
    },
    retry_count: candidate.retry_count,
  };
}

/**
 * Takes the next action waiting for the agent: it becomes running (its run too) and is the agent's
 * alone. One that cannot be made ready (a template that fails, a secret that is gone) fails with the
 * reason and its run moves on; the next is tried. Answers undefined when none waits.
 */
export async function claimAgentAction(options: PlaybookOptions, agentId: string): Promise<AgentActionPayload | undefined> {
  for (;;) {
    const claimed = await transaction(options.pool, async (db): Promise<AgentActionPayload | 'failed' | undefined> => {
      const { rows } = await db.query<Candidate>(NEXT_WAITING, [agentId]);
      const candidate = rows[0];
      if (!candidate) return undefined;
      let payload: AgentActionPayload;
      try {
        payload = await payloadOf(options, db, candidate);
      } catch (error) {
        await db.query(`UPDATE playbook_run_actions SET status = 'failed', error = $2, end_time = now() WHERE id = $1`, [candidate.action_id, (error as Error).message]);
        await queueRun(db, candidate.id);
        return 'failed';
      }
      await db.query(`UPDATE playbook_run_actions SET status = 'running', start_time = now(), end_time = NULL WHERE id = $1`, [candidate.action_id]);
      await db.query(`UPDATE playbook_runs SET status = 'running', start_time = coalesce(start_time, now()) WHERE id = $1`, [candidate.id]);
      // The engine keeps watch over the agent's silence from here on (run-engine.ts).
      await queueRun(db, candidate.id);
      return payload;
    });
    if (claimed !== 'failed') return claimed;
  }
}
