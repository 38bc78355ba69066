import type { TemplateFunction } from './exec.js';
import { TemplateNamespace } from './gomplate/namespace.js';
import { GoDuration } from './gomplate/values.js';
import { formatGoTime, goDuration } from './time.js';

/**
 * Methods templates call on values, as on Go's time.Time: `.created.Format "2006-01-02"`,
 * `.created.Unix`. Functions held in data are values, not methods: they run through `call`.
 */
const DATE_METHODS: Readonly<Record<string, (date: Date, ...args: unknown[]) => unknown>> = {
  Format: (date, layout) => formatGoTime(date, String(layout)),
  Unix: (date) => Math.floor(date.getTime() / 1000),
  UnixMilli: (date) => date.getTime(),
  UTC: (date) => date,
  Local: (date) => date,
  Year: (date) => date.getUTCFullYear(),
  Month: (date) => date.getUTCMonth() + 1,
  Day: (date) => date.getUTCDate(),
  Hour: (date) => date.getUTCHours(),
  Minute: (date) => date.getUTCMinutes(),
  Second: (date) => date.getUTCSeconds(),
  IsZero: (date) => date.getTime() === Date.UTC(1, 0, 1),
  Sub: (date, other) => goDuration(date.getTime() - (other instanceof Date ? other.getTime() : 0)),
  Add: (date, duration) => new Date(date.getTime() + (duration instanceof GoDuration ? duration.milliseconds : Number(duration) / 1e6)),
  AddDate: (date, years, months, days) => {
    const next = new Date(date.getTime());
    next.setUTCFullYear(next.getUTCFullYear() + Number(years), next.getUTCMonth() + Number(months), next.getUTCDate() + Number(days));
    return next;
  },
  Before: (date, other) => other instanceof Date && date.getTime() < other.getTime(),
  After: (date, other) => other instanceof Date && date.getTime() > other.getTime(),
};

/** Go's time.Duration methods on durations from the time namespace. */
const DURATION_METHODS: Readonly<Record<string, (duration: GoDuration, ...args: unknown[]) => unknown>> = {
  String: (duration) => duration.toString(),
  Hours: (duration) => duration.nanoseconds / 3600e9,
  Minutes: (duration) => duration.nanoseconds / 60e9,
  Seconds: (duration) => duration.nanoseconds / 1e9,
  Milliseconds: (duration) => Math.trunc(duration.nanoseconds / 1e6),
  Nanoseconds: (duration) => duration.nanoseconds,
  Round: (duration, unit) => {
    const by = unit instanceof GoDuration ? unit.nanoseconds : 1;
    return new GoDuration(by <= 0 ? duration.nanoseconds : Math.round(duration.nanoseconds / by) * by);
  },
  Truncate: (duration, unit) => {
    const by = unit instanceof GoDuration ? unit.nanoseconds : 1;
    return new GoDuration(by <= 0 ? duration.nanoseconds : Math.trunc(duration.nanoseconds / by) * by);
  },
};

export function methodOf(receiver: unknown, name: string): TemplateFunction | undefined {
  if (receiver instanceof TemplateNamespace) return receiver.method(name);
  if (receiver instanceof GoDuration && Object.hasOwn(DURATION_METHODS, name)) {
    const method = DURATION_METHODS[name]!;
    return (...args) => method(receiver, ...args);
  }
  if (receiver instanceof Date && Object.hasOwn(DATE_METHODS, name)) {
    const method = DATE_METHODS[name]!;
    return (...args) => method(receiver, ...args);
  }
  return undefined;
}
