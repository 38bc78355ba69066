import type { RunContext } from '../../health/runners/types.js';

/** What one attempt of an action did: its result (stdout, stderr, exitCode, code, rows …) and, when it failed, why. */
export interface ActionOutcome {
  ok: boolean;
  result: Record<string, unknown>;
  error?: string;
}

/** Runs the fields of one action kind, already templated. */
export type ActionRunner = (body: Record<string, unknown>, context: RunContext) => Promise<ActionOutcome>;
