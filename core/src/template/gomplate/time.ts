import { localZone, parseGoTime, zoneName, zoneOffsetMinutes } from '../../functions/time.js';
import type { TemplateFunction } from '../exec.js';
import { parseGoDuration, toTime } from '../time.js';
import { GoDuration, number, text } from './values.js';

/** gomplate's time namespace: Go times (with their methods) and durations. */

/** Go's layout constants, as gomplate's time namespace has them (`time.RFC3339`). */
const LAYOUTS: Readonly<Record<string, string>> = {
  ANSIC: 'Mon Jan _2 15:04:05 2006',
  UnixDate: 'Mon Jan _2 15:04:05 MST 2006',
  RubyDate: 'Mon Jan 02 15:04:05 -0700 2006',
  RFC822: '02 Jan 06 15:04 MST',
  RFC822Z: '02 Jan 06 15:04 -0700',
  RFC850: 'Monday, 02-Jan-06 15:04:05 MST',
  RFC1123: 'Mon, 02 Jan 2006 15:04:05 MST',
  RFC1123Z: 'Mon, 02 Jan 2006 15:04:05 -0700',
  RFC3339: '2006-01-02T15:04:05Z07:00',
  RFC3339Nano: '2006-01-02T15:04:05.999999999Z07:00',
  Kitchen: '3:04PM',
  Stamp: 'Jan _2 15:04:05',
  StampMilli: 'Jan _2 15:04:05.000',
  StampMicro: 'Jan _2 15:04:05.000000',
  StampNano: 'Jan _2 15:04:05.000000000',
};

const NANOS = { Nanosecond: 1, Microsecond: 1e3, Millisecond: 1e6, Second: 1e9, Minute: 60e9, Hour: 3600e9 } as const;

/** gomplate's time.Unix: seconds since the epoch, as a number or text (`"123456.789"`). */
function unix(value: unknown): Date {
  const seconds = number(value, 'number of seconds');
  return new Date(Math.round(seconds * 1000));
}

export const TIME: Readonly<Record<string, TemplateFunction>> = {
  ...Object.fromEntries(Object.entries(LAYOUTS).map(([name, layout]) => [name, () => layout])),
  ...Object.fromEntries(Object.entries(NANOS).map(([name, unit]) => [name, (count: unknown) => new GoDuration(number(count) * unit)])),
  Now: () => new Date(),
  Parse: (layout, value) => parseGoTime(text(layout), text(value)),
  ParseLocal: (layout, value) => parseGoTime(text(layout), text(value), localZone()),
  ParseInLocation: (layout, zone, value) => parseGoTime(text(layout), text(value), text(zone)),
  ParseDuration: (value) => new GoDuration(parseGoDuration(text(value)) * 1e6),
  Since: (value) => new GoDuration((Date.now() - toTime(value).getTime()) * 1e6),
  Until: (value) => new GoDuration((toTime(value).getTime() - Date.now()) * 1e6),
  Unix: (value) => unix(value),
  ZoneName: () => zoneName(localZone(), new Date()),
  ZoneOffset: () => zoneOffsetMinutes(localZone(), new Date()) * 60,
};
