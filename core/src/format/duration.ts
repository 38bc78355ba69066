/** Durations for display (spec 1 §9). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Short duration: under 1 s in whole ms, under 1 min in s, under 1 h in m, else h; s, m and h keep
 * one decimal with a trailing .0 dropped. A value that rounds up to the next unit's boundary is
 * shown in that unit (59 999 ms is '1m', not '60s'). Negative values get a '-'; non-finite give ''.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  if (ms < 0) return `-${formatDuration(-ms)}`;
  const whole = Math.round(ms);
  if (whole < SECOND) return `${whole}ms`;
  const seconds = oneDecimal(whole / SECOND);
  if (seconds < 60) return `${seconds}s`;
  const minutes = oneDecimal(whole / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  return `${oneDecimal(whole / HOUR)}h`;
}

/**
 * Long duration as days, hours, minutes and seconds, e.g. '1d 2h 3m 4s'. Zero parts are left out,
 * milliseconds are dropped (floored to the second) and anything under a second is '0s'.
 */
export function formatLongDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  if (ms < 0) return `-${formatLongDuration(-ms)}`;
  let rest = Math.floor(ms / SECOND) * SECOND;
  const parts: string[] = [];
  for (const [size, unit] of [
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'm'],
    [SECOND, 's'],
  ] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${unit}`);
  }
  return parts.length === 0 ? '0s' : parts.join(' ');
}
