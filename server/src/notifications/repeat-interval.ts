const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  // a month: spec 3 lists 1m after 1w
  m: 30 * 86_400_000,
};

/**
 * The milliseconds of a repeat interval (1h, 2h, 3h, 6h, 1d, 1w, 1m of spec 3 section 9, or any
 * whole number of s, h, d, w and m = months); undefined when none is set. Throws on anything else.
 */
export function repeatIntervalMs(text: string | null | undefined): number | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const match = /^(\d+)\s*([shdwm])$/i.exec(trimmed);
  if (!match) throw new Error(`repeat interval '${trimmed}' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m`);
  return Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
}

/** The seconds of a stored repeat interval, or null without one; one that cannot be read (refused on save) repeats nothing. */
export function storedRepeatSeconds(text: string | null | undefined): number | null {
  try {
    const ms = repeatIntervalMs(text);
    return ms === undefined ? null : ms / 1000;
  } catch {
    return null;
  }
}
