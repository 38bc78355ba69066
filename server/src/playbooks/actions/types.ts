import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import type { RunContext } from '../../health/runners/types.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

/** What one attempt of an action did: its result (stdout, stderr, exitCode, code, rows …) and, when it failed, why. */
export interface ActionOutcome {
  ok: boolean;
  result: Record<string, unknown>;
  error?: string;
}

/** What an action's runner may use: the check runners' context, the expression sandbox (jq) and the server's key (log backends' secrets). */
export interface ActionContext extends RunContext {
  sandbox: ExpressionSandbox;
  secrets: ServerSecrets;
}

/** Runs the fields of one action kind, already templated. */
export type ActionRunner = (body: Record<string, unknown>, context: ActionContext) => Promise<ActionOutcome>;
