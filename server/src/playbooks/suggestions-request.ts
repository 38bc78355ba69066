import { durationMs } from '@pharos/core';

export class SuggestionsRequestError extends Error {}

const MIN_MS = 60_000;
const MAX_MS = 7 * 86_400_000;

/** How soon after a run the resource must pass for the run to count as a fix: `window`, 1m to 7d, 1h when not given. */
export function recoveryWindowOf(window: string | undefined): number {
  if (window === undefined || window === '') return 3_600_000;
  const ms = durationMs(window);
  if (ms === undefined) throw new SuggestionsRequestError(`window must be a duration such as 30m, 1h or 1d, not '${window}'`);
  if (ms < MIN_MS || ms > MAX_MS) throw new SuggestionsRequestError(`window must be between 1m and 7d, not '${window}'`);
  return ms;
}
