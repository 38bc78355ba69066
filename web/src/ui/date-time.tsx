import {
  formatDateTime,
  formatLogTimestamp,
  formatMonthDay,
  formatTime,
  formatTimestamp,
  toDate,
  type DateInput,
} from '@pharos/core';
import type { ReactNode } from 'react';

export type DateTimeFormat = 'time' | 'monthDay' | 'dateTime' | 'timestamp' | 'logTimestamp';

const FORMATTERS: Record<DateTimeFormat, (value: Date) => string> = {
  time: formatTime,
  monthDay: formatMonthDay,
  dateTime: formatDateTime,
  timestamp: formatTimestamp,
  logTimestamp: formatLogTimestamp,
};

export interface DateTimeProps {
  value: DateInput | null | undefined;
  /**
   * time 'h:mm A', monthDay 'MMM DD', dateTime 'h:mm A, MMM DD, YYYY' (default),
   * timestamp 'YYYY-MM-DD HH:mm', logTimestamp 'YYYY-MM-DD HH:mm.ss.SSS'; local time.
   */
  format?: DateTimeFormat;
  /** Shown for an empty, zero (0001-01-01) or invalid date. Default nothing. */
  fallback?: ReactNode;
  className?: string;
}

/** A date in one of the product's formats; short formats carry the full date as their title. */
export function DateTime({ value, format = 'dateTime', fallback = null, className }: DateTimeProps) {
  const date = toDate(value);
  if (!date) return <>{fallback}</>;
  return (
    <time
      dateTime={date.toISOString()}
      title={format === 'dateTime' || format === 'logTimestamp' ? undefined : formatDateTime(date)}
      className={className}
    >
      {FORMATTERS[format](date)}
    </time>
  );
}
