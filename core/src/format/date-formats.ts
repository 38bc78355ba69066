/** The product's date formats, in local time (spec 1 §9, spec 2 §9). */
import dayjs from 'dayjs';
import { toDate, type DateInput } from './zero-date.js';

export const DATE_FORMATS = {
  time: 'h:mm A',
  monthDay: 'MMM DD',
  dateTime: 'h:mm A, MMM DD, YYYY',
  timestamp: 'YYYY-MM-DD HH:mm',
  logTimestamp: 'YYYY-MM-DD HH:mm.ss.SSS',
} as const;

/** Empty, zero (0001-01-01) and invalid dates format as ''. */
function format(value: DateInput | null | undefined, pattern: string): string {
  const date = toDate(value);
  return date ? dayjs(date).format(pattern) : '';
}

/** '3:07 PM' */
export function formatTime(value: DateInput | null | undefined): string {
  return format(value, DATE_FORMATS.time);
}

/** 'Jan 05' */
export function formatMonthDay(value: DateInput | null | undefined): string {
  return format(value, DATE_FORMATS.monthDay);
}

/** '3:07 PM, Jan 05, 2024' */
export function formatDateTime(value: DateInput | null | undefined): string {
  return format(value, DATE_FORMATS.dateTime);
}

/** '2024-01-05 15:07' */
export function formatTimestamp(value: DateInput | null | undefined): string {
  return format(value, DATE_FORMATS.timestamp);
}

/** '2024-01-05 15:07.09.042', the log viewer's timestamp. */
export function formatLogTimestamp(value: DateInput | null | undefined): string {
  return format(value, DATE_FORMATS.logTimestamp);
}
