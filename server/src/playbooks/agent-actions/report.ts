import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import type { PlaybookOptions } from '../run-context.js';
import { backoffMs, queueRun } from '../run-engine.js';
import { sealedUrlCredentials } from '../actions/runnable-fields.js';
import { scrubSecrets, templateParameters, declaredParameters } from '../run-parameters.js';
import { readPlaybookSpec } from '../spec.js';
import { AGENT_REPORT_STATUSES, type AgentActionReport, type AgentReportStatus } from './payload.js';

/** Longest error text kept from an agent. */
const MAX_ERROR_LENGTH = 10_000;

/** A report refused: the status to answer and a message the agent's operator can act on. */
export class AgentReportError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The body of a status report, checked field by field; nothing else is accepted. */
export function parseAgentReport(body: unknown): AgentActionReport {
  if (!isRecord(body)) throw new AgentReportError(400, 'The body must be a JSON object with status and, once the action ended, result and error');
  const unknown = Object.keys(body).filter((key) => !['status', 'result', 'error'].includes(key));
  if (unknown.length > 0) throw new AgentReportError(400, `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: a report has only status, result and error`);
  const status = body['status'];
  if (!AGENT_REPORT_STATUSES.includes(status as AgentReportStatus)) throw new AgentReportError(400, `status must be one of ${AGENT_REPORT_STATUSES.join(', ')}`);
  const result = body['result'];
  if (result !== undefined && !isRecord(result)) throw new AgentReportError(400, 'result must be an object (stdout, stderr, exitCode …)');
  if (status === 'running' && result !== undefined) throw new AgentReportError(400, 'result is sent with completed or failed, not running');
  const error = body['error'];
  if (error !== undefined && typeof error !== 'string') throw new AgentReportError(400, 'error must be a string');
  if (status === 'failed' && (error === undefined || error.trim() === '')) throw new AgentReportError(400, 'a failed report needs an error saying why');
  if (status !== 'failed' && error !== undefined) throw new AgentReportError(400, 'error is sent only with failed');
  return { status: status as AgentReportStatus, ...(result ? { result } : {}), ...(error !== undefined ? { error: error.slice(0, MAX_ERROR_LENGTH) } : {}) };
}

interface ClaimedRow {
  status: string;
  agent_id: string | null;
  name: string;
  retry_count: number;
  run_id: string;
  run_status: string;
  run_error: string | null;
  spec: unknown;
  parameters: Record<string, unknown>;
}

/**
 * Records what the agent says of the action it took: `running` only shows it is alive; `completed`
 * or `failed` end the attempt (secret parameters redacted from what it sent, a retry scheduled when
 * the action's `retry` allows) and queue the run's next step. Only the agent that took the action may
 * report, and only while it runs: a cancelled run or an action given up answers 409, telling the
 * agent to stop. Answers the action's status after the report.
 */
export function reportAgentAction(options: PlaybookOptions, agentId: string, actionId: string, report: AgentActionReport): Promise<string> {
  return transaction(options.pool, async (db: pg.PoolClient) => {
    // The run first, then its action, in the engine's order, so the two never wait on each other.
    const { rows: runs } = await db.query<{ id: string }>('SELECT r.id FROM playbook_runs r JOIN playbook_run_actions a ON a.playbook_run_id = r.id WHERE a.id = $1 FOR UPDATE OF r', [actionId]);
    if (!runs[0]) throw new AgentReportError(404, `No playbook action ${actionId}`);
    const { rows } = await db.query<ClaimedRow>(
      `SELECT a.status, a.agent_id, a.name, a.retry_count, r.id AS run_id, r.status AS run_status, r.error AS run_error, r.spec, r.parameters
         FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id WHERE a.id = $1 FOR UPDATE OF a`,
      [actionId],
    );
    const row = rows[0]!;
    // Another agent's action is answered as unknown: an agent learns nothing of other agents' work.
    if (row.agent_id !== agentId) throw new AgentReportError(404, `No playbook action ${actionId}`);
    if (row.run_status === 'cancelled') throw new AgentReportError(409, `The run was cancelled (${row.run_error ?? 'cancelled'}): stop the action`);
    if (row.status === 'waiting') throw new AgentReportError(409, 'This action has not been taken yet: take it with GET /api/agent/playbook/action first');
    if (row.status !== 'running') throw new AgentReportError(409, `This action is ${row.status}${row.status === 'failed' ? ' (given up)' : ''}: stop it, its report is no longer taken`);
    if (report.status === 'running') {
      await db.query('UPDATE playbook_run_actions SET updated_at = now() WHERE id = $1', [actionId]);
      return 'running';
    }
    const spec = readPlaybookSpec(row.spec);
    const action = spec.actions.find((each) => each.name === row.name);
    const { secretTexts } = templateParameters(options.secrets, declaredParameters(row.spec), row.parameters);
    // What the agent answers repeats neither secret parameters nor the credentials of the action's sealed service URLs.
    const scrubbed = [...secretTexts, ...(action ? sealedUrlCredentials(action.body, options.secrets) : [])];
    const result = scrubSecrets(report.result ?? {}, scrubbed);
    const error = report.error === undefined ? null : scrubSecrets(report.error, scrubbed);
    const retry = report.status === 'failed' && action?.retry !== undefined && row.retry_count < action.retry.limit;
    const status = report.status === 'completed' ? 'completed' : retry ? 'scheduled' : 'failed';
    await db.query(
      `UPDATE playbook_run_actions SET status = $2, result = $3, error = $4, retry_count = retry_count + $5,
              scheduled_time = $6, end_time = CASE WHEN $2 = 'scheduled' THEN NULL ELSE now() END
        WHERE id = $1`,
      [actionId, status, JSON.stringify(result), error, retry ? 1 : 0, new Date(Date.now() + (retry && action ? backoffMs(action, row.retry_count) : 0))],
    );
    await queueRun(db, row.run_id);
    return status;
  });
}
