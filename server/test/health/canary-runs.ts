import type { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { TEST_SECRETS, type TestServer } from '../support/server.js';

/** The latest result of a check, as the checks tests read it. */
export interface CheckResult {
  status: boolean;
  invalid: boolean;
  message: string | null;
  error: string | null;
  detail: Record<string, unknown> | null;
}

/** Saves a canary with its spec and syncs its checks; answers its id. */
export async function saveCanary(server: TestServer, name: string, spec: Record<string, unknown>): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('insert into canaries (name, spec) values ($1, $2) returning id', [name, spec]);
  await syncCanary(server.pool, rows[0]!.id);
  return rows[0]!.id;
}

/** The latest result of each check of a canary, by check name. */
export async function latestResults(server: TestServer, canaryId: string): Promise<Record<string, CheckResult>> {
  const { rows } = await server.pool.query<CheckResult & { name: string }>(
    `select distinct on (c.name) c.name, s.status, s.invalid, s.message, s.error, s.detail
       from check_statuses s join checks c on c.id = s.check_id
      where c.canary_id = $1 order by c.name, s.time desc`,
    [canaryId],
  );
  return Object.fromEntries(rows.map(({ name, ...result }) => [name, result]));
}

/** Runs a canary once, as the engine would. */
export async function runOnce(server: TestServer, sandbox: ExpressionSandbox, canaryId: string, timeoutMs = 60_000): Promise<void> {
  await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(timeoutMs));
}

/** Saves a canary, runs it once and answers its checks' results. */
export async function runSpec(server: TestServer, sandbox: ExpressionSandbox, name: string, spec: Record<string, unknown>): Promise<Record<string, CheckResult>> {
  const id = await saveCanary(server, name, spec);
  await runOnce(server, sandbox, id);
  return latestResults(server, id);
}
