/** Times of POST /api/catalog/changes: `now`, `now-2d`, `now+1h` (s m h d w M y) or an ISO time. */

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** The time of `text`, or null when it is neither a relative nor an absolute time. */
export function parseChangeTime(text: string, now = Date.now()): Date | null {
  const trimmed = text.trim();
  const relative = /^now(?:([+-])(\d+)([smhdwMy]))?$/.exec(trimmed);
  if (relative) {
    const [, sign, amount, unit] = relative;
    if (!sign || !amount || !unit) return new Date(now);
    const delta = Number(amount) * (UNIT_MS[unit] ?? 0);
    return new Date(sign === '-' ? now - delta : now + delta);
  }
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : new Date(time);
}
