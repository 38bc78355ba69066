import { envVarText } from '@pharos/core';
import type pg from 'pg';
import { resolveConnection } from '../connections/resolve.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { HTTP_USER_AGENT } from '../health/runners/user-agent.js';
import { resolveValue } from '../secret-store/resolve.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { ActionContext } from './actions/types.js';
import type { ActionState, RunEnvironment } from './expressions.js';
import { declaredParameters, templateParameters } from './run-parameters.js';
import { LOCAL_AGENT_ID } from './runs-on.js';

/** What the playbook engine works with. */
export interface PlaybookOptions {
  pool: pg.Pool;
  sandbox: ExpressionSandbox;
  secrets: ServerSecrets;
  /** How long an agent running an action may send nothing before the action is taken as lost (AGENT_SILENCE_MS). */
  agentSilenceMs?: number;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** A run as the engine reads it. */
export interface RunRow {
  id: string;
  playbook_id: string;
  status: string;
  spec: unknown;
  parameters: Record<string, unknown>;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  created_by: string | null;
  start_time: Date | null;
  /** What started it besides a person: `{event}` or `{request}`, seen by templates as `.event` / `.request`. */
  trigger: Record<string, unknown> | null;
}

/** Playbooks are kept in one namespace per row; secrets and connections are looked up there first. */
const NAMESPACE_OF_PLAYBOOK = 'SELECT name, title, namespace FROM playbooks WHERE id = $1';

/** Rows as templates see them: plain JSON (times as ISO texts). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function one(db: Queryable, text: string, id: string | null): Promise<Record<string, unknown> | undefined> {
  if (!id) return undefined;
  const { rows } = await db.query<Record<string, unknown>>(text, [id]);
  return rows[0] ? plain(rows[0]) : undefined;
}

/** The environment of a run's templates and expressions, with its earlier actions; `secretTexts` are its secret parameters' values. */
export async function runEnvironment(
  options: PlaybookOptions,
  db: Queryable,
  run: RunRow,
  env: readonly Record<string, unknown>[],
  actions: readonly ActionState[],
): Promise<{ environment: RunEnvironment; namespace: string; secretTexts: string[] }> {
  const playbook = (await one(db, NAMESPACE_OF_PLAYBOOK, run.playbook_id)) ?? {};
  const namespace = typeof playbook['namespace'] === 'string' ? playbook['namespace'] : 'default';
  const [config, component, check, user] = await Promise.all([
    one(db, 'SELECT * FROM configs WHERE id = $1', run.config_id),
    one(db, 'SELECT * FROM components WHERE id = $1', run.component_id),
    one(db, 'SELECT c.*, k.name AS canary_name FROM checks c JOIN canaries k ON k.id = c.canary_id WHERE c.id = $1', run.check_id),
    one(db, 'SELECT id, name, email FROM people WHERE id = $1', run.created_by),
  ]);
  // mission-control's `.agent`: the agent the resource belongs to (none for upstream's own), e.g. for `runsOn: ['{{.agent.name}}']`.
  const resourceAgent = [config, component, check].map((row) => row?.['agent_id']).find((id): id is string => typeof id === 'string' && id !== LOCAL_AGENT_ID);
  const agent = await one(db, 'SELECT id, name, description, hostname FROM agents WHERE id = $1', resourceAgent ?? null);
  const values: Record<string, string> = {};
  for (const entry of env) {
    const text = envVarText(entry);
    if (typeof entry['name'] === 'string' && text !== undefined) values[entry['name']] = await resolveValue(options.pool, options.secrets, text, namespace);
  }
  const { params, secretTexts } = templateParameters(options.secrets, declaredParameters(run.spec), run.parameters);
  return {
    namespace,
    secretTexts,
    environment: {
      ...(config ? { config } : {}),
      ...(component ? { component } : {}),
      ...(check ? { check } : {}),
      ...(agent ? { agent } : {}),
      params,
      user: user ?? null,
      run: { id: run.id, playbook_id: run.playbook_id },
      playbook: { id: run.playbook_id, name: String(playbook['name'] ?? ''), title: String(playbook['title'] ?? '') },
      env: values,
      actions: Object.fromEntries(actions.map((action) => [action.name, action])),
      ...(run.trigger ?? {}),
    },
  };
}

/** What an action's runner may use: its deadline, secrets and connections of the playbook's namespace, the database. */
export function actionContext(options: PlaybookOptions, namespace: string, signal: AbortSignal, configId?: string): ActionContext {
  return {
    signal,
    ...(configId ? { configId } : {}),
    sandbox: options.sandbox,
    secrets: options.secrets,
    namespace,
    userAgent: HTTP_USER_AGENT,
    pool: options.pool,
    connection: (reference) => resolveConnection(options.pool, options.secrets, reference, namespace),
    value: async (field) => {
      const text = envVarText(field);
      return text === undefined ? undefined : resolveValue(options.pool, options.secrets, text, namespace);
    },
  };
}
