import { formatDateTime, relativeTime, toDate, type DateInput } from '@pharos/core';
import type { ReactNode } from 'react';
import { useNow } from './use-now';

export interface RelativeTimeProps {
  value: DateInput | null | undefined;
  /** Shown for an empty, zero (0001-01-01) or invalid date. Default nothing. */
  fallback?: ReactNode;
  className?: string;
}

/** '5m ago' / 'in 5m', with the full date as its title; refreshed every minute. */
export function RelativeTime({ value, fallback = null, className }: RelativeTimeProps) {
  const now = useNow();
  const date = toDate(value);
  if (!date) return <>{fallback}</>;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)} className={className}>
      {relativeTime(date, now)}
    </time>
  );
}
