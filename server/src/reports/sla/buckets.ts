/** Which roll-up a report reads for which part of its period, and at what resolution. */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Resolution = 'hour' | 'day' | 'month';

export interface BucketPart {
  table: 'check_statuses_1h' | 'check_statuses_1d' | 'check_statuses_1mo';
  /** The SQL interval one bucket of the table spans. */
  bucket: '1 hour' | '1 day' | '1 month';
  from: Date;
  to: Date;
}

export interface BucketPlan {
  resolution: Resolution;
  /** The period the report really covers: its edges on whole buckets. */
  from: Date;
  to: Date;
  parts: BucketPart[];
}

/** Default retention of the hourly and daily roll-ups (health/retention.ts): older rows are gone. */
const HOURLY_KEPT_MS = 90 * DAY_MS;
const DAILY_KEPT_MS = 270 * DAY_MS;

const floorTo = (time: Date, unit: number) => new Date(Math.floor(time.getTime() / unit) * unit);
const ceilTo = (time: Date, unit: number) => new Date(Math.ceil(time.getTime() / unit) * unit);
const monthOf = (time: Date) => new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
function monthAfter(time: Date): Date {
  const start = monthOf(time);
  return start.getTime() === time.getTime() ? start : new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth() + 1, 1));
}

/**
 * Up to two days reads hours; up to 92 days reads days; longer periods read whole months, the
 * current month (not rolled up yet) from its days. A resolution whose roll-up no longer reaches back
 * to the start gives way to the next coarser one.
 */
export function planBuckets(from: Date, to: Date, now: Date): BucketPlan {
  const span = to.getTime() - from.getTime();
  const age = now.getTime() - from.getTime();
  if (span <= 2 * DAY_MS && age <= HOURLY_KEPT_MS) {
    const part = { table: 'check_statuses_1h', bucket: '1 hour', from: floorTo(from, HOUR_MS), to: ceilTo(to, HOUR_MS) } as const;
    return { resolution: 'hour', from: part.from, to: part.to, parts: [part] };
  }
  if (span <= 92 * DAY_MS && age <= DAILY_KEPT_MS) {
    const part = { table: 'check_statuses_1d', bucket: '1 day', from: floorTo(from, DAY_MS), to: ceilTo(to, DAY_MS) } as const;
    return { resolution: 'day', from: part.from, to: part.to, parts: [part] };
  }
  const start = monthOf(from);
  const thisMonth = monthOf(now);
  const end = to > thisMonth ? ceilTo(to, DAY_MS) : monthAfter(to);
  const parts: BucketPart[] = [];
  if (start < thisMonth) parts.push({ table: 'check_statuses_1mo', bucket: '1 month', from: start, to: end < thisMonth ? end : thisMonth });
  if (end > thisMonth) parts.push({ table: 'check_statuses_1d', bucket: '1 day', from: start > thisMonth ? start : thisMonth, to: end });
  return { resolution: 'month', from: start, to: end, parts };
}
