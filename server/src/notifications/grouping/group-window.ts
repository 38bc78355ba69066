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
