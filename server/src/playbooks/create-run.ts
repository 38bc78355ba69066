import { isRecord } from '@pharos/core';
import type { Caller } from '../auth/caller.js';
import { transaction } from '../db/transaction.js';
import { approvalOf } from './approvals.js';
import { checkParameters, type ParameterValues } from './parameters.js';
import { renderTemplatedValues } from './parameter-defaults.js';
import { loadTarget, targetOf } from './resource.js';
import type { PlaybookOptions, RunRow } from './run-context.js';
import { queueRun } from './run-engine.js';
import { declaredParameters, sealSecretParameters } from './run-parameters.js';
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

/**
 * A run as asked for, before its parameters: the playbook exists and can run, and the resource named
 * (check_id, component_id or config_id) exists and matches its selectors. The run is the caller's.
 */
export async function requestedRun(options: PlaybookOptions, body: unknown, caller: Caller): Promise<{ spec: PlaybookSpec; draft: RunRow }> {
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
  const draft: RunRow = {
    id: '',
    playbook_id: id,
    status: 'pending',
    spec: playbook.spec,
    parameters: {},
    config_id: target?.kind === 'configs' ? target.id : null,
    component_id: target?.kind === 'components' ? target.id : null,
    check_id: target?.kind === 'checks' ? target.id : null,
    created_by: caller.personId,
    start_time: null,
    trigger: null,
  };
  return { spec, draft };
}

/**
 * `POST /api/playbook/run`: the requested run with its parameters checked (templated defaults
 * rendered), created and queued (or left waiting for its approvers) in one transaction.
 */
export async function createRun(options: PlaybookOptions, body: unknown, caller: Caller): Promise<string> {
  const { spec, draft } = await requestedRun(options, body, caller);
  let params: ParameterValues;
  try {
    params = checkParameters(spec.parameters, (body as Record<string, unknown>)['params']);
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems ?? [];
    throw new RunRequestError(400, `Invalid parameters: ${(error as Error).message}`, problems);
  }
  // A secret someone typed is a value, never a template (a password may well hold `{{`).
  const given = (body as Record<string, unknown>)['params'];
  const typedSecrets = new Set(spec.parameters.filter((parameter) => parameter['type'] === 'secret' && isRecord(given) && typeof given[String(parameter['name'])] === 'string' && given[String(parameter['name'])] !== '').map((parameter) => String(parameter['name'])));
  return insertRun(options, draft, await renderTemplatedValues(options, draft, params, typedSecrets));
}

/** Creates a run (its secret parameters sealed) and queues it, or leaves it waiting when its playbook asks for approval; answers its id. */
export function insertRun(options: PlaybookOptions, draft: RunRow, parameters: ParameterValues, error?: string): Promise<string> {
  // A run that needs approval waits for it (approvals.ts queues it once approved); one refused at once is failed.
  const status = error ? 'failed' : approvalOf(draft.spec) ? 'waiting' : 'pending';
  const kept = sealSecretParameters(options.secrets, declaredParameters(draft.spec), parameters);
  return transaction(options.pool, async (db) => {
    const { rows: created } = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, status, parameters, spec, config_id, component_id, check_id, created_by, trigger, error, end_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $2 = 'failed' THEN now() END) RETURNING id`,
      [draft.playbook_id, status, JSON.stringify(kept), JSON.stringify(draft.spec), draft.config_id, draft.component_id, draft.check_id, draft.created_by, draft.trigger ? JSON.stringify(draft.trigger) : null, error ?? null],
    );
    const runId = created[0]!.id;
    if (status === 'pending') await queueRun(db, runId);
    return runId;
  });
}
