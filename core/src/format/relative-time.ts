/** Relative times with the abbreviations s, m, h, d, mo, y (spec 1 §9). */
import { toDate, type DateInput } from './zero-date.js';

/**
 * '5m ago' for the past, 'in 5m' for the future; each unit floored. Seconds under 60, minutes under
 * 60, hours under 24, days under 30, months (30 days) up to 11, then years (365 days, at least 1).
 * Empty, zero and invalid dates give ''.
 */
export function relativeTime(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const current = toDate(now);
  if (!date || !current) return '';
  const diff = current.getTime() - date.getTime();
  const amount = shortDistance(Math.abs(diff));
  return diff >= 0 ? `${amount} ago` : `in ${amount}`;
}

function shortDistance(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  if (days < 365) return `${Math.min(11, Math.floor(days / 30))}mo`;
  return `${Math.max(1, Math.floor(days / 365))}y`;
}
