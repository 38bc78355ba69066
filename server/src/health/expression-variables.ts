import type { CheckOutcome } from './runners/types.js';

/** Variables canary-checker gives CEL as Go durations, kept here in milliseconds. */
export const DURATION_VARIABLES: readonly string[] = ['sslAge', 'elapsed'];

/** The canary and check a run belongs to, as canary-checker names them to expressions (`check.name`, `canary.labels`). */
export interface CheckScope {
  canary: { id: string; name: string; namespace: string; labels: Record<string, string> };
  check: { id: string; name: string; description: string; labels: Record<string, string>; endpoint: string };
}

/**
 * What a check's `test`, `display` and `transform` see, as canary-checker builds it: `canary`,
 * `check`, the run's `duration`, `error`, `message`, `pass` and `errorType`, then the variables
 * the check's type measured (which win on a clash, as upstream's do).
 */
export function expressionVariables(outcome: CheckOutcome, scope?: CheckScope): Record<string, unknown> {
  return {
    ...(scope ?? {}),
    duration: outcome.duration,
    error: outcome.error ?? '',
    message: outcome.message ?? '',
    pass: outcome.pass,
    errorType: '',
    ...outcome.data,
  };
}
