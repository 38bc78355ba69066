import type { LastResult } from './last-result.js';
import type { CheckOutcome } from './runners/types.js';

/** Variables canary-checker gives CEL as Go durations, kept here in milliseconds. */
export const DURATION_VARIABLES: readonly string[] = ['sslAge', 'elapsed'];

/** The canary and check a run belongs to, as canary-checker names them to expressions (`check.name`, `canary.labels`). */
export interface CheckScope {
  canary: { id: string; name: string; namespace: string; labels: Record<string, string> };
  check: { id: string; name: string; description: string; labels: Record<string, string>; endpoint: string };
  /** The results of the checks this one runs after (`dependsOn`), by name. */
  outputs?: Record<string, Record<string, unknown>>;
  /** The check's previous run (last-result.ts): a variable, and `last_result()` in CEL and templates. */
  last_result?: LastResult;
}

/**
 * What a check's `test`, `display` and `transform` see, as canary-checker builds it: `canary`,
 * `check`, `last_result`, the run's `duration`, `error`, `message`, `pass` and `errorType`, then the variables
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

/** Milliseconds as Go prints a time.Duration (`719h59m57.56s`, `350ms`, `0s`), as templates show canary-checker's durations. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${rest}ms`;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Number((rest / 1000).toFixed(3));
  return `${sign}${hours > 0 ? `${hours}h` : ''}${hours > 0 || minutes > 0 ? `${minutes}m` : ''}${seconds}s`;
}

/** The variables as a Go template sees them: the duration ones printed as Go durations. */
export function templateVariables(variables: Record<string, unknown>, durations: readonly string[] = DURATION_VARIABLES): Record<string, unknown> {
  const shown = { ...variables };
  for (const name of durations) if (typeof shown[name] === 'number') shown[name] = goDuration(shown[name]);
  return shown;
}
