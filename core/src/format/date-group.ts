/** Grouping of dates for lists (spec 1 §9). */
import dayjs from 'dayjs';
import { toDate, type DateInput } from './zero-date.js';

export const DATE_GROUPS = ['today', 'this week', 'this month', 'this year', 'previous year'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

/**
 * The first group that holds the date, in local time: same day, same week (weeks start on Sunday),
 * same month, same year; any earlier year is 'previous year'. Empty, zero and invalid dates give null.
 */
export function dateGroup(value: DateInput | null | undefined, now: DateInput = Date.now()): DateGroup | null {
  const date = toDate(value);
  const current = toDate(now);
  if (!date || !current) return null;
  const d = dayjs(date);
  const n = dayjs(current);
  if (d.isSame(n, 'day')) return 'today';
  if (d.isSame(n, 'week')) return 'this week';
  if (d.isSame(n, 'month')) return 'this month';
  if (d.isSame(n, 'year')) return 'this year';
  return 'previous year';
}
