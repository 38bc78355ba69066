/** Count badges (spec 2 §9). */
import { COUNT_BADGE_MAX } from '../constants/ui.js';

/** Counts over 999 show as whole thousands with a '+': 1500 -> '1k+'. */
export function formatCount(count: number): string {
  if (count > COUNT_BADGE_MAX) return `${Math.floor(count / 1000)}k+`;
  return String(count);
}
