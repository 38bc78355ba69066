import type pg from 'pg';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { isRecord } from '@pharos/core';
import { renderFields, type RunEnvironment } from './expressions.js';
import type { PlaybookAction, PlaybookSpec } from './spec.js';

/** The agent row of this server itself (migration 0001): `runsOn: [local]` runs the action here. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** How long an agent running an action may send nothing (its runner reports every few seconds) before the action is taken as lost. */
export const AGENT_SILENCE_MS = 2 * 60_000;

/** Where an action runs: here, on an agent, or nowhere because none of the agents named exists. */
export type Placement = { on: 'local' } | { on: 'agent'; id: string; name: string } | { on: 'none'; error: string };

/** The id of a config item, the only text mission-control's look-up of the item accepts. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * mission-control's rule for an exec action without `runsOn` (its own or the playbook's) whose
 * `connections.fromConfigItem` names a config item of an agent: the action runs on that agent, where
 * the item's cluster and its credentials are. An item that is here, or that no row has, leaves it here.
 */
async function configItemAgent(db: Pick<pg.PoolClient, 'query'>, sandbox: ExpressionSandbox, action: PlaybookAction, environment: RunEnvironment): Promise<string[] | undefined> {
  const connections = action.kind === 'exec' ? action.body['connections'] : undefined;
  const reference = isRecord(connections) ? connections['fromConfigItem'] : undefined;
  if (typeof reference !== 'string' || reference.trim() === '') return undefined;
  // A template that fails or gives no id leaves the action here, where the exec itself fails saying why.
  const id = String(await renderFields(sandbox, reference, environment).catch(() => '')).trim();
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<{ agent_id: string | null }>('SELECT agent_id FROM configs WHERE id = $1', [id]);
  const agentId = rows[0]?.agent_id;
  return agentId && agentId !== LOCAL_AGENT_ID ? [agentId] : undefined;
}

/**
 * The action's `runsOn` (else the playbook's), whatever its kind, each name rendered as a Go template
 * over the run, as mission-control does; the first that names a live agent (by name or id) wins.
 * Without `runsOn` the action runs here even when its resource is an agent's, as in mission-control
 * (`runsOn: ['{{.agent.name}}']` sends it to the resource's agent), unless it is an exec whose
 * `connections.fromConfigItem` names an agent's config item.
 */
export async function placementOf(db: Pick<pg.PoolClient, 'query'>, sandbox: ExpressionSandbox, spec: PlaybookSpec, action: PlaybookAction, environment: RunEnvironment): Promise<Placement> {
  const explicit = (action.runsOn?.length ?? 0) > 0 || (spec.runsOn?.length ?? 0) > 0;
  const names = explicit ? (action.runsOn ?? spec.runsOn) : await configItemAgent(db, sandbox, action, environment);
  if (!names) return { on: 'local' };
  const rendered = ((await renderFields(sandbox, names, environment)) as unknown[]).map((name) => String(name).trim()).filter((name) => name !== '');
  if (rendered.length === 0) return { on: 'local' };
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT a.id, a.name FROM unnest($1::text[]) WITH ORDINALITY AS wanted(name, position)
       JOIN agents a ON (a.name = wanted.name OR a.id::text = wanted.name) AND a.deleted_at IS NULL
      ORDER BY wanted.position LIMIT 1`,
    [rendered],
  );
  const agent = rows[0];
  if (!agent) return { on: 'none', error: `runsOn: no agent named ${rendered.map((name) => `'${name}'`).join(' or ')}` };
  return agent.id === LOCAL_AGENT_ID ? { on: 'local' } : { on: 'agent', id: agent.id, name: agent.name };
}
