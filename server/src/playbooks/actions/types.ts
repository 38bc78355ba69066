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
  /** The playbook's namespace, where its connections and secrets are looked up first. */
  namespace?: string;
  /** The config item the run is on, if any: an exec without `connections` reaches the cluster its scraper reads. */
  configId?: string;
}

/** Runs the fields of one action kind, already templated. */
export type ActionRunner = (body: Record<string, unknown>, context: ActionContext) => Promise<ActionOutcome>;
