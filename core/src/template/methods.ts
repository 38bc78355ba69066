import type { TemplateFunction } from './exec.js';
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
};

export function methodOf(receiver: unknown, name: string): TemplateFunction | undefined {
  if (receiver instanceof Date && Object.hasOwn(DATE_METHODS, name)) {
    const method = DATE_METHODS[name]!;
    return (...args) => method(receiver, ...args);
  }
  return undefined;
}
