import { isRecord } from '@pharos/core';
import type { Caller } from '../auth/caller.js';
import { transaction } from '../db/transaction.js';
import { approvalOf } from './approvals.js';
import { renderFields } from './expressions.js';
import { checkParameters, type ParameterValues } from './parameters.js';
import { loadTarget, targetOf } from './resource.js';
import { runEnvironment, type PlaybookOptions, type RunRow } from './run-context.js';
import { queueRun } from './run-engine.js';
import { readPlaybookSpec, type PlaybookSpec } from './spec.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A run request refused: the status to answer and a message a person can act on. */
export class RunRequestError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

interface PlaybookRow {
  id: string;
  spec: unknown;
}

/** Defaults written as templates (`{{.config.name}}`) rendered against the run's resource and person. */
async function renderedDefaults(options: PlaybookOptions, run: RunRow, params: ParameterValues): Promise<ParameterValues> {
  if (!Object.values(params).some((value) => typeof value === 'string' && value.includes('{{'))) return params;
  const { environment } = await runEnvironment(options, options.pool, run, [], []);
  return (await renderFields(options.sandbox, params, environment)) as ParameterValues;
}

/**
 * `POST /api/playbook/run`: checks the playbook, that the resource exists and matches its selectors,
 * and the parameters; then creates the run and queues it (or leaves it waiting for its approvers),
 * in one transaction. The run is the caller's, whatever the body says.
 */
export async function createRun(options: PlaybookOptions, body: unknown, caller: Caller): Promise<string> {
  if (!isRecord(body)) throw new RunRequestError(400, 'The body must be a JSON object with id, params and one of check_id, component_id and config_id');
  const id = body['id'];
  if (typeof id !== 'string' || !UUID.test(id)) throw new RunRequestError(400, 'id must be the UUID of a playbook');
  const { rows } = await options.pool.query<PlaybookRow>('SELECT id, spec FROM playbooks WHERE id = $1 AND deleted_at IS NULL', [id]);
  const playbook = rows[0];
  if (!playbook) throw new RunRequestError(404, `No playbook ${id}`);
  let spec: PlaybookSpec;
  try {
    spec = readPlaybookSpec(playbook.spec);
  } catch (error) {
    throw new RunRequestError(400, `The playbook's spec cannot run: ${(error as Error).message}`);
  }
  let target;
  try {
    target = targetOf(body);
    await loadTarget(options.pool, spec, target);
  } catch (error) {
    throw new RunRequestError(/^No (check|component|config) /.test((error as Error).message) ? 404 : 400, (error as Error).message);
  }
  let params: ParameterValues;
  try {
    params = checkParameters(spec.parameters, body['params']);
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems ?? [];
    throw new RunRequestError(400, `Invalid parameters: ${(error as Error).message}`, problems);
  }
  const draft: RunRow = {
    id: '',
    playbook_id: id,
    status: 'pending',
    spec: playbook.spec,
    parameters: params,
    config_id: target?.kind === 'configs' ? target.id : null,
    component_id: target?.kind === 'components' ? target.id : null,
    check_id: target?.kind === 'checks' ? target.id : null,
    created_by: caller.personId,
    start_time: null,
  };
  const parameters = await renderedDefaults(options, draft, params);
  // A run that needs approval waits for it (approvals.ts queues it once approved).
  const status = approvalOf(playbook.spec) ? 'waiting' : 'pending';
  return transaction(options.pool, async (db) => {
    const { rows: created } = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, status, parameters, spec, config_id, component_id, check_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [id, status, JSON.stringify(parameters), JSON.stringify(playbook.spec), draft.config_id, draft.component_id, draft.check_id, caller.personId],
    );
    const runId = created[0]!.id;
    if (status === 'pending') await queueRun(db, runId);
    return runId;
  });
}
