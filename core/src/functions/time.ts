/** Go's time.Parse with its reference layout (Mon Jan 2 15:04:05 MST 2006), shared by CEL and templates. */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const TOKENS = /January|Monday|Jan|Mon|MST|2006|Z07:00|Z0700|Z07|-07:00|-0700|-07|002|__2|_2|01|02|03|04|05|06|15|PM|pm|[.,][09]+|1|2|3|4|5/g;

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  pm?: boolean;
  offsetMinutes?: number;
}

/** The offset from UTC, in minutes, of an IANA zone at a moment. */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  } catch {
    throw new Error(`unknown time zone ${zone}`);
  }
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

function fail(layout: string, value: string, reason = ''): never {
  throw new Error(`parsing time ${JSON.stringify(value)} as ${JSON.stringify(layout)}: cannot parse${reason ? ` ${reason}` : ''}`);
}

/**
 * Go's time.Parse (a value without zone in `zone`, UTC unless given, as ParseInLocation): the layout
 * names each field by how the reference time writes it.
 */
export function parseGoTime(layout: string, value: string, zone = 'UTC'): Date {
  const fields: Fields = { year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0, millis: 0 };
  let at = 0;
  let last = 0;
  const literal = (text: string) => {
    if (value.slice(at, at + text.length) !== text) fail(layout, value, `${JSON.stringify(value.slice(at))} as ${JSON.stringify(text)}`);
    at += text.length;
  };
  const digits = (min: number, max: number, what: string): number => {
    let end = at;
    while (end < value.length && end - at < max && value[end]! >= '0' && value[end]! <= '9') end++;
    if (end - at < min) fail(layout, value, `${JSON.stringify(value.slice(at))} as ${what}`);
    const number = Number(value.slice(at, end));
    at = end;
    return number;
  };
  const word = (names: readonly string[], short: boolean, what: string): number => {
    const rest = value.slice(at).toLowerCase();
    const index = names.findIndex((name) => rest.startsWith(short ? name.slice(0, 3) : name));
    if (index < 0) fail(layout, value, `${JSON.stringify(value.slice(at))} as ${what}`);
    at += short ? 3 : names[index]!.length;
    return index;
  };
  const offset = (token: string) => {
    if (token.startsWith('Z') && value[at] === 'Z') {
      at++;
      fields.offsetMinutes = 0;
      return;
    }
    const sign = value[at] === '-' ? -1 : value[at] === '+' ? 1 : fail(layout, value, `${JSON.stringify(value.slice(at))} as ${JSON.stringify(token)}`);
    at++;
    const hours = digits(2, 2, 'zone hours');
    let minutes = 0;
    if (token.endsWith(':00')) {
      literal(':');
      minutes = digits(2, 2, 'zone minutes');
    } else if (token.endsWith('0700')) minutes = digits(2, 2, 'zone minutes');
    fields.offsetMinutes = sign * (hours * 60 + minutes);
  };
  for (const match of layout.matchAll(TOKENS)) {
    literal(layout.slice(last, match.index));
    last = match.index + match[0].length;
    const token = match[0];
    switch (token) {
      case 'January':
      case 'Jan':
        fields.month = word(MONTHS, token === 'Jan', JSON.stringify(token)) + 1;
        break;
      case 'Monday':
      case 'Mon':
        word(DAYS, token === 'Mon', JSON.stringify(token));
        break;
      case 'MST': {
        const name = /^[A-Z]{3,5}/.exec(value.slice(at))?.[0] ?? fail(layout, value, `${JSON.stringify(value.slice(at))} as "MST"`);
        at += name.length;
        if (name === 'UTC' || name === 'GMT') fields.offsetMinutes = 0;
        break;
      }
      case '2006':
        fields.year = digits(4, 4, '"2006"');
        break;
      case '06': {
        const year = digits(2, 2, '"06"');
        fields.year = year >= 69 ? 1900 + year : 2000 + year;
        break;
      }
      case '01':
      case '1':
        fields.month = digits(token.length, 2, JSON.stringify(token));
        break;
      case '02':
      case '2':
        fields.day = digits(token.length, 2, JSON.stringify(token));
        break;
      case '_2':
        if (value[at] === ' ') at++;
        fields.day = digits(1, 2, '"_2"');
        break;
      case '002':
      case '__2':
        digits(token === '002' ? 3 : 1, 3, JSON.stringify(token));
        break;
      case '15':
        fields.hour = digits(1, 2, '"15"');
        break;
      case '03':
      case '3':
        fields.hour = digits(token.length, 2, JSON.stringify(token));
        break;
      case '04':
      case '4':
        fields.minute = digits(token.length, 2, JSON.stringify(token));
        break;
      case '05':
      case '5':
        fields.second = digits(token.length, 2, JSON.stringify(token));
        break;
      case 'PM':
      case 'pm': {
        const marker = value.slice(at, at + 2).toUpperCase();
        if (marker !== 'AM' && marker !== 'PM') fail(layout, value, `${JSON.stringify(value.slice(at))} as ${JSON.stringify(token)}`);
        fields.pm = marker === 'PM';
        at += 2;
        break;
      }
      case 'Z07:00':
      case 'Z0700':
      case 'Z07':
      case '-07:00':
      case '-0700':
      case '-07':
        offset(token);
        break;
      default: {
        // fractional seconds: .000 needs exactly that many digits, .999 takes any
        if (value[at] !== '.' && value[at] !== ',') {
          if (token[1] === '9') break;
          fail(layout, value, `${JSON.stringify(value.slice(at))} as ${JSON.stringify(token)}`);
        }
        at++;
        const start = at;
        digits(token[1] === '0' ? token.length - 1 : 1, token[1] === '0' ? token.length - 1 : 9, JSON.stringify(token));
        fields.millis = Math.floor(Number(`0.${value.slice(start, at)}`) * 1000);
      }
    }
  }
  literal(layout.slice(last));
  if (at !== value.length) fail(layout, value, `: extra text ${JSON.stringify(value.slice(at))}`);
  // A second fraction right after seconds is accepted even when the layout has none, as in Go.
  if (fields.pm !== undefined) fields.hour = (fields.hour % 12) + (fields.pm ? 12 : 0);
  if (fields.month < 1 || fields.month > 12) throw new Error(`parsing time ${JSON.stringify(value)}: month out of range`);
  if (fields.day < 1 || fields.day > 31 || fields.hour > 23 || fields.minute > 59 || fields.second > 59) throw new Error(`parsing time ${JSON.stringify(value)}: day out of range`);
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second, fields.millis);
  const date = new Date(wall);
  if (fields.year < 100) date.setUTCFullYear(fields.year);
  if (fields.offsetMinutes !== undefined) return new Date(date.getTime() - fields.offsetMinutes * 60_000);
  if (zone === 'UTC') return date;
  // The zone's offset at the wall time, corrected once for a change of offset in between.
  const first = zoneOffsetMinutes(zone, date);
  const guess = new Date(date.getTime() - first * 60_000);
  return new Date(date.getTime() - zoneOffsetMinutes(zone, guess) * 60_000);
}

/** The local zone of this process: the server runs in UTC unless TZ says otherwise. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A zone's abbreviation at a moment (`UTC`, `PST`), as Go's time.Now().Zone() names it. */
export function zoneName(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((item) => item.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}
