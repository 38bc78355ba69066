import { localZone, parseGoTime, zoneName, zoneOffsetMinutes } from '../../functions/time.js';
import { parseGoDuration } from '../../template/time.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { celDuration, durationOfNanos, goString } from '../values.js';

/** gomplate's time namespace in CEL, timestamps and durations as strings, and the age of a time. */

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return new Date(parsed);
  }
  throw new Error(`cannot read ${JSON.stringify(goString(value))} as a time`);
}

const NANOSECOND = durationOfNanos(1n);
const MICROSECOND = durationOfNanos(1000n);
const MILLISECOND = durationOfNanos(1_000_000n);
const SECOND = durationOfNanos(1_000_000_000n);
const MINUTE = durationOfNanos(60_000_000_000n);
const HOUR = durationOfNanos(3_600_000_000_000n);

/** `time.Hour`, `time.Minute` …: durations to compare with or add. */
export const TIME_FIELDS = { time: { Nanosecond: NANOSECOND, Microsecond: MICROSECOND, Millisecond: MILLISECOND, Second: SECOND, Minute: MINUTE, Hour: HOUR } };

/** gomplate's time.Unix: seconds since the epoch (a number, or a string of one). */
function unix(seconds: unknown): Date {
  const value = typeof seconds === 'string' ? Number(seconds) : Number(seconds as bigint | number);
  if (!Number.isFinite(value)) throw new Error(`time.Unix: ${JSON.stringify(goString(seconds))} is not a number of seconds`);
  return new Date(value * 1000);
}

/** A duration in Go's notation, days (`7d`) and weeks as gomplate accepts them. */
const duration = (text: string): unknown => celDuration(parseGoDuration(text));

const ZONES: Readonly<Record<string, number>> = { UTC: 0, GMT: 0, PST: -8, PDT: -7, MST: -7, MDT: -6, CST: -6, CDT: -5, EST: -5, EDT: -4, CET: 1, CEST: 2, BST: 1, IST: 5.5, JST: 9 };

/** GCP status incidents: `7 May 2024 18:32 PDT`. */
function parseIncidentTime(text: string): Date {
  const match = /^(\d{1,2}) (\w{3})\w* (\d{4}) (\d{1,2}):(\d{2}) ([A-Z]{3,4})$/.exec(text.trim());
  const offset = match ? ZONES[match[6]!] : undefined;
  if (!match || offset === undefined) throw new Error(`cannot parse ${JSON.stringify(text)} as a GCP incident time`);
  const local = parseGoTime('2 Jan 2006 15:04', `${match[1]} ${match[2]} ${match[3]} ${match[4]}:${match[5]}`);
  return new Date(local.getTime() - offset * 3_600_000);
}

export const TIME_FUNCTIONS: CelOverload[] = [
  overload('string(google.protobuf.Duration): string', (value: object) => String(value)),
  overload('string(google.protobuf.Timestamp): string', (value: Date) => value.toISOString().replace(/\.000Z$/, 'Z')),
  overload('string.getDate(): string', (text: string) => toDate(text).toISOString().slice(0, 10)),
  overload('Duration(string): google.protobuf.Duration', duration),
  overload('age(google.protobuf.Timestamp): google.protobuf.Duration', (time: Date) => celDuration(Date.now() - time.getTime())),
  overload('age(string): google.protobuf.Duration', (time: string) => celDuration(Date.now() - toDate(time).getTime())),
  overload('Age(string): google.protobuf.Duration', (time: string) => celDuration(Date.now() - toDate(time).getTime())),
  ...inNamespace('gcp', [overload('ParseIncidentTime(string): google.protobuf.Timestamp', parseIncidentTime)]),
  ...inNamespace('time', [
    overload('Now(): google.protobuf.Timestamp', () => new Date()),
    overload('ZoneName(): string', () => zoneName(localZone(), new Date())),
    overload('ZoneOffset(): int', () => BigInt(zoneOffsetMinutes(localZone(), new Date()) * 60)),
    overload('Parse(string, string): google.protobuf.Timestamp', (layout: string, value: string) => parseGoTime(layout, value)),
    overload('ParseLocal(string, string): google.protobuf.Timestamp', (layout: string, value: string) => parseGoTime(layout, value, localZone())),
    overload('ParseInLocation(string, string, string): google.protobuf.Timestamp', (layout: string, zone: string, value: string) => parseGoTime(layout, value, zone)),
    overload('ParseDuration(string): google.protobuf.Duration', duration),
    overload('Since(google.protobuf.Timestamp): google.protobuf.Duration', (time: Date) => celDuration(Date.now() - time.getTime())),
    overload('Until(google.protobuf.Timestamp): google.protobuf.Duration', (time: Date) => celDuration(time.getTime() - Date.now())),
    overload('Unix(dyn): google.protobuf.Timestamp', unix),
  ]),
];
