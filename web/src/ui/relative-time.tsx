import { formatDateTime, relativeTime, toDate, type DateInput } from '@pharos/core';
import type { ReactNode } from 'react';
import { useNow } from './use-now';

export interface RelativeTimeProps {
  value: DateInput | null | undefined;
  /** Shown for an empty, zero (0001-01-01) or invalid date. Default nothing. */
  fallback?: ReactNode;
  className?: string;
  /** How often the text moves on, in ms. Default every minute; a second for times that are seconds away. */
  tick?: number;
  /**
   * 'past' for a moment that has happened (a last run), 'future' for one to come (a next run): a clock
   * of this browser behind or ahead of the server's never shows it on the wrong side of now.
   */
  side?: 'past' | 'future';
}

/** '5m ago' / 'in 5m', with the full date as its title; refreshed every minute (or `tick`). */
export function RelativeTime({ value, fallback = null, className, tick, side }: RelativeTimeProps) {
  const now = useNow(tick);
  const date = toDate(value);
  if (!date) return <>{fallback}</>;
  const at = date.getTime();
  let text = relativeTime(date, now);
  if (side === 'past' && at > now) text = relativeTime(date, at);
  if (side === 'future' && at <= now) text = 'in 0s';
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)} className={className}>
      {text}
    </time>
  );
}
