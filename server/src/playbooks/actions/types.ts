import type { ExpressionSandbox } from '../../expressions/sandbox.js';
import type { RunContext } from '../../health/runners/types.js';

/** What one attempt of an action did: its result (stdout, stderr, exitCode, code, rows …) and, when it failed, why. */
export interface ActionOutcome {
  ok: boolean;
  result: Record<string, unknown>;
  error?: string;
}

/** What an action's runner may use: the check runners' context and the expression sandbox (jq). */
export interface ActionContext extends RunContext {
  sandbox: ExpressionSandbox;
}

/** Runs the fields of one action kind, already templated. */
export type ActionRunner = (body: Record<string, unknown>, context: ActionContext) => Promise<ActionOutcome>;
