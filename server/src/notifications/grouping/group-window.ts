/** The window when a notification names none. */
export const DEFAULT_GROUP_WINDOW_MS = 5 * 60_000;

const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * The milliseconds a group holds sends for: a whole number of seconds, minutes or hours (30s, 5m,
 * 1h, as Go durations write them); the default when none is set. Throws on anything else.
 */
export function groupWindowMs(text: string | null | undefined): number {
  const trimmed = text?.trim();
  if (!trimmed) return DEFAULT_GROUP_WINDOW_MS;
  const match = /^(\d+)\s*([smh])$/.exec(trimmed);
  if (!match || Number(match[1]) === 0) throw new Error(`group window '${trimmed}' is not a whole number of seconds, minutes or hours such as 30s, 5m or 1h`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** A stored window as delivery reads it: one that cannot be read (refused on save) takes the default. */
export function storedWindowMs(text: string | null | undefined): number {
  try {
    return groupWindowMs(text);
  } catch {
    return DEFAULT_GROUP_WINDOW_MS;
  }
}

/** The longest a failure waits for its root's health to follow before it is sent on its own. */
export const MAX_SETTLE_MS = 30_000;

/**
 * How long a failure with no unhealthy root yet (but a component above it) is held while the
 * topology's health is worked out again: the window, at most 30 s. Health follows a failure within
 * seconds (the stale event, then a recompute up the tree), so 30 s covers a busy event stream while
 * a lone failure is late by half a minute at most; a shorter window shortens it too, because a
 * failure should never wait longer to settle than a group would hold it.
 */
export function settleMs(windowMs: number): number {
  return Math.min(windowMs, MAX_SETTLE_MS);
}
