/** Times and durations as Go and go-humanize write them, in UTC. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A time from a Date, an RFC 3339 / ISO string, or Unix seconds. */
export function toTime(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value * 1000);
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return new Date(parsed);
  }
  throw new Error(`cannot read ${JSON.stringify(value)} as a time`);
}

const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);

const LAYOUT_TOKENS =
  /January|Monday|Jan|Mon|MST|2006|Z07:00|Z0700|Z07|-07:00|-0700|-07|002|__2|_2|01|02|03|04|05|06|15|PM|pm|[.,]0+|[.,]9+|1|2|3|4|5/g;

/** Go's time.Format with its reference layout (Mon Jan 2 15:04:05 MST 2006). */
export function formatGoTime(date: Date, layout: string): string {
  const hour = date.getUTCHours();
  const millis = date.getUTCMilliseconds();
  return layout.replace(LAYOUT_TOKENS, (token) => {
    switch (token) {
      case 'January':
        return MONTHS[date.getUTCMonth()]!;
      case 'Jan':
        return MONTHS[date.getUTCMonth()]!.slice(0, 3);
      case 'Monday':
        return DAYS[date.getUTCDay()]!;
      case 'Mon':
        return DAYS[date.getUTCDay()]!.slice(0, 3);
      case 'MST':
        return 'UTC';
      case '2006':
        return String(date.getUTCFullYear());
      case '06':
        return pad(date.getUTCFullYear() % 100);
      case '01':
        return pad(date.getUTCMonth() + 1);
      case '1':
        return String(date.getUTCMonth() + 1);
      case '02':
        return pad(date.getUTCDate());
      case '_2':
        return pad(date.getUTCDate(), 2, ' ');
      case '2':
        return String(date.getUTCDate());
      case '002':
      case '__2': {
        const start = Date.UTC(date.getUTCFullYear(), 0, 1);
        const day = Math.floor((date.getTime() - start) / 86_400_000) + 1;
        return token === '002' ? pad(day, 3) : pad(day, 3, ' ');
      }
      case '15':
        return pad(hour);
      case '03':
        return pad(hour % 12 || 12);
      case '3':
        return String(hour % 12 || 12);
      case '04':
        return pad(date.getUTCMinutes());
      case '4':
        return String(date.getUTCMinutes());
      case '05':
        return pad(date.getUTCSeconds());
      case '5':
        return String(date.getUTCSeconds());
      case 'PM':
        return hour >= 12 ? 'PM' : 'AM';
      case 'pm':
        return hour >= 12 ? 'pm' : 'am';
      case 'Z07:00':
      case 'Z0700':
      case 'Z07':
        return 'Z';
      case '-07:00':
        return '+00:00';
      case '-0700':
        return '+0000';
      case '-07':
        return '+00';
      default: {
        // fractional seconds: .000 keeps zeros, .999 drops trailing ones
        const digits = `${pad(millis, 3)}000000`.slice(0, token.length - 1);
        if (token[1] === '0') return token[0] + digits;
        const trimmed = digits.replace(/0+$/, '');
        return trimmed ? token[0] + trimmed : '';
      }
    }
  });
}

/** Go's time.Duration.String: 1h2m3.5s, 250ms, 0s. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) {
    if (rest >= 1) return `${sign}${trimNumber(rest)}ms`;
    return rest * 1000 >= 1 ? `${sign}${trimNumber(rest * 1000)}µs` : `${sign}${trimNumber(rest * 1e6)}ns`;
  }
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = `${trimNumber(rest / 1000)}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}

function trimNumber(value: number): string {
  return String(Number(value.toFixed(9)));
}

/** A duration rounded to the second, as sprig's `ago` and `duration` print it. */
export function humanizeDuration(ms: number): string {
  return goDuration(Math.round(ms / 1000) * 1000);
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };

/** Go's time.ParseDuration (plus days, weeks and 365-day years, as gomplate's): '1h30m', '250ms', '7d' → milliseconds. */
export function parseGoDuration(text: string): number {
  if (/^[+-]?0$/.test(text.trim())) return 0;
  const match = /^([+-])?((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h|d|w|y))+$/.exec(text.trim());
  if (!match) throw new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let total = 0;
  for (const [, amount, unit] of text.trim().matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w|y)/g)) total += Number(amount) * UNITS[unit!]!;
  return match[1] === '-' ? -total : total;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 12 * MONTH;

/** go-humanize's relative magnitudes: below `limit` seconds, print `format` with the amount divided by `divisor`. */
const MAGNITUDES: readonly [limit: number, format: string, divisor: number][] = [
  [1, 'now', 1],
  [2, '1 second %s', 1],
  [MINUTE, '%d seconds %s', 1],
  [2 * MINUTE, '1 minute %s', 1],
  [HOUR, '%d minutes %s', MINUTE],
  [2 * HOUR, '1 hour %s', 1],
  [DAY, '%d hours %s', HOUR],
  [2 * DAY, '1 day %s', 1],
  [WEEK, '%d days %s', DAY],
  [2 * WEEK, '1 week %s', 1],
  [MONTH, '%d weeks %s', WEEK],
  [2 * MONTH, '1 month %s', 1],
  [YEAR, '%d months %s', MONTH],
  [18 * MONTH, '1 year %s', 1],
  [2 * YEAR, '2 years %s', 1],
  [37 * YEAR, '%d years %s', YEAR],
  [Number.POSITIVE_INFINITY, 'a long while %s', 1],
];

/** go-humanize's Time: '3 minutes ago', '2 days from now'. */
export function humanizeTime(then: Date, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  const label = seconds < 0 ? 'from now' : 'ago';
  const amount = Math.abs(seconds);
  const [, format, divisor] = MAGNITUDES.find(([limit]) => amount < limit)!;
  return format.replace('%d', String(Math.floor(amount / divisor))).replace('%s', label);
}

const BYTE_SIZES = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];

/** go-humanize's Bytes (SI): 82854982 → '83 MB', 1500 → '1.5 kB'. */
export function humanizeBytes(bytes: number): string {
  if (bytes < 10) return `${Math.trunc(bytes)} B`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1000)), BYTE_SIZES.length - 1);
  const value = Math.floor((bytes / 1000 ** exponent) * 10 + 0.5) / 10;
  return `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ${BYTE_SIZES[exponent]}`;
}
