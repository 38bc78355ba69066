import { checkLength } from '../functions/text.js';

/**
 * Values printed the way Go's fmt prints what JSON decodes to (float64, string, bool, nil, slices
 * and maps): `%v` for actions and `print`, and `printf` with its verbs, flags, width and precision.
 */

/** A map key missing, or a JSON null, printed by an action. */
export const NO_VALUE = '<no value>';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** %v of a float64: shortest representation, exponent form below 1e-4 and from 1e21, two-digit exponents. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 21) return `${mantissa}e${exponent < 0 ? '-' : '+'}${pad2(Math.abs(exponent))}`;
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date || value instanceof Map) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Entries of a map-like value in Go's printing order (sorted keys). */
export function sortedEntries(value: Record<string, unknown> | Map<unknown, unknown>): [unknown, unknown][] {
  const entries: [unknown, unknown][] = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return entries.sort(([a], [b]) => compareKeys(a, b));
}

function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Go's `%v`; `nested` values print nil as `<nil>`. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return formatGoTime(value);
  if (Array.isArray(value)) return `[${value.map(formatValue).join(' ')}]`;
  if (value instanceof Map || isRecord(value)) {
    return `map[${sortedEntries(value)
      .map(([key, item]) => `${formatValue(key)}:${formatValue(item)}`)
      .join(' ')}]`;
  }
  if (typeof value === 'function') return `${value.name || 'func'}`;
  return String(value);
}

/** Go's default print of a time.Time, in UTC: 2006-01-02 15:04:05.999999999 +0000 UTC. */
function formatGoTime(date: Date): string {
  const iso = date.toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''} +0000 UTC`;
}

/** Go's type name of a decoded JSON value, for %T and errors. */
export function goTypeName(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof Date) return 'time.Time';
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'function') return 'func';
  return 'map[string]interface {}';
}

/** fmt.Sprint: spaces between operands when neither side is a string. */
export function sprint(args: readonly unknown[]): string {
  let out = '';
  args.forEach((arg, index) => {
    if (index > 0 && typeof arg !== 'string' && typeof args[index - 1] !== 'string') out += ' ';
    out += formatValue(arg);
  });
  return out;
}

/** fmt.Sprintln: spaces between every operand, and a newline. */
export function sprintln(args: readonly unknown[]): string {
  return `${args.map(formatValue).join(' ')}\n`;
}

interface Spec {
  minus: boolean;
  plus: boolean;
  space: boolean;
  zero: boolean;
  sharp: boolean;
  width?: number;
  precision?: number;
}

function padded(text: string, spec: Spec, numeric = false): string {
  if (spec.width === undefined || text.length >= spec.width) return text;
  checkLength(spec.width, 'the width of a printf verb');
  const fill = spec.width - text.length;
  if (spec.minus) return text + ' '.repeat(fill);
  if (spec.zero && numeric) {
    const sign = /^[+\- ]/.test(text) ? text[0]! : '';
    return sign + '0'.repeat(fill) + text.slice(sign.length);
  }
  return ' '.repeat(fill) + text;
}

function signed(text: string, negative: boolean, spec: Spec): string {
  if (negative) return `-${text}`;
  if (spec.plus) return `+${text}`;
  if (spec.space) return ` ${text}`;
  return text;
}

/** Go's %q: a double-quoted string with Go escapes. */
export function quoteGo(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function badVerb(verb: string, arg: unknown): string {
  return `%!${verb}(${goTypeName(arg)}=${formatValue(arg)})`;
}

function formatInteger(value: number, verb: string, spec: Spec): string {
  const radix = verb === 'x' || verb === 'X' ? 16 : verb === 'o' || verb === 'O' ? 8 : verb === 'b' ? 2 : 10;
  let digits = Math.abs(Math.trunc(value)).toString(radix);
  if (verb === 'X') digits = digits.toUpperCase();
  if (spec.precision !== undefined && digits.length < spec.precision) digits = '0'.repeat(spec.precision - digits.length) + digits;
  if (spec.sharp && radix === 16) digits = (verb === 'X' ? '0X' : '0x') + digits;
  if (verb === 'O') digits = `0o${digits}`;
  else if (spec.sharp && radix === 8) digits = `0${digits}`;
  return padded(signed(digits, value < 0, spec), spec, true);
}

function formatFloat(value: number, verb: string, spec: Spec): string {
  if (!Number.isFinite(value)) return padded(Number.isNaN(value) ? 'NaN' : signed('Inf', value < 0, { ...spec, plus: true }), spec);
  const magnitude = Math.abs(value);
  let text: string;
  if (verb === 'e' || verb === 'E') {
    const [mantissa, exponent] = magnitude.toExponential(spec.precision ?? 6).split('e') as [string, string];
    const power = Number(exponent);
    text = `${mantissa}e${power < 0 ? '-' : '+'}${pad2(Math.abs(power))}`;
    if (verb === 'E') text = text.toUpperCase();
  } else if (verb === 'g' || verb === 'G') {
    text = spec.precision === undefined ? formatNumber(magnitude) : goPrecisionG(magnitude, spec.precision);
    if (verb === 'G') text = text.toUpperCase();
  } else {
    text = toFixedHalfEven(magnitude, spec.precision ?? 6);
  }
  return padded(signed(text, value < 0 || Object.is(value, -0), spec), spec, true);
}

/**
 * toFixed, but an exact tie rounds to even as Go's strconv does (0.25 → 0.2), where JavaScript
 * rounds it up. A double's decimal expansion is exact, so a tie shows as 5 then zeros.
 */
function toFixedHalfEven(value: number, precision: number): string {
  if (precision > 80) return value.toFixed(Math.min(precision, 100));
  const longer = value.toFixed(precision + 20);
  const tail = longer.slice(longer.length - 20);
  if (!/^50*$/.test(tail)) return value.toFixed(precision);
  const kept = longer.slice(0, longer.length - 20).replace(/\.$/, '');
  const lastDigit = Number(kept.at(-1));
  if (lastDigit % 2 === 0) return kept;
  return value.toFixed(precision);
}

function goPrecisionG(value: number, precision: number): string {
  const digits = Math.max(precision, 1);
  const [mantissa, exponentText] = value.toExponential(digits - 1).split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= digits) {
    const trimmed = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
    return `${trimmed}e${exponent < 0 ? '-' : '+'}${pad2(Math.abs(exponent))}`;
  }
  const fixed = value.toFixed(Math.max(0, digits - 1 - exponent));
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

function formatOne(verb: string, arg: unknown, spec: Spec): string {
  switch (verb) {
    case 'v':
      if (spec.sharp && typeof arg === 'string') return padded(quoteGo(arg), spec);
      return padded(typeof arg === 'number' && (spec.plus || spec.space) ? signed(formatNumber(Math.abs(arg)), arg < 0, spec) : formatValue(arg), spec);
    case 's': {
      if (typeof arg !== 'string' && (typeof arg === 'object' || arg === undefined) && !Array.isArray(arg) && arg !== null) return badVerb(verb, arg);
      const text = formatValue(arg);
      return padded(spec.precision === undefined ? text : [...text].slice(0, spec.precision).join(''), spec);
    }
    case 'q':
      if (typeof arg === 'string') return padded(spec.sharp && !arg.includes('`') ? `\`${arg}\`` : quoteGo(arg), spec);
      if (typeof arg === 'number' && Number.isInteger(arg)) return padded(`'${String.fromCodePoint(arg)}'`, spec);
      return badVerb(verb, arg);
    case 't':
      return typeof arg === 'boolean' ? padded(String(arg), spec) : badVerb(verb, arg);
    case 'd':
    case 'b':
    case 'o':
    case 'O':
      if (typeof arg === 'number' && Number.isInteger(arg)) return formatInteger(arg, verb, spec);
      return badVerb(verb, arg);
    case 'x':
    case 'X':
      if (typeof arg === 'number' && Number.isInteger(arg)) return formatInteger(arg, verb, spec);
      if (typeof arg === 'string') {
        const hex = [...new TextEncoder().encode(arg)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
        return padded(verb === 'X' ? hex.toUpperCase() : hex, spec);
      }
      return badVerb(verb, arg);
    case 'c':
      return typeof arg === 'number' && Number.isInteger(arg) ? padded(String.fromCodePoint(arg), spec) : badVerb(verb, arg);
    case 'U':
      return typeof arg === 'number' && Number.isInteger(arg) ? padded(`U+${arg.toString(16).toUpperCase().padStart(4, '0')}`, spec) : badVerb(verb, arg);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      return typeof arg === 'number' ? formatFloat(arg, verb === 'F' ? 'f' : verb, spec) : badVerb(verb, arg);
    case 'T':
      return padded(goTypeName(arg), spec);
    default:
      return `%!${verb}(${goTypeName(arg)}=${formatValue(arg)})`;
  }
}

/** fmt.Sprintf with Go's verbs and its in-band errors (%!d(MISSING), %!(EXTRA …)). */
export function sprintf(format: string, args: readonly unknown[]): string {
  let out = '';
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    const ch = format[i]!;
    if (ch !== '%') {
      out += ch;
      i++;
      continue;
    }
    i++;
    if (format[i] === '%') {
      out += '%';
      i++;
      continue;
    }
    const spec: Spec = { minus: false, plus: false, space: false, zero: false, sharp: false };
    for (; i < format.length; i++) {
      const flag = format[i];
      if (flag === '-') spec.minus = true;
      else if (flag === '+') spec.plus = true;
      else if (flag === ' ') spec.space = true;
      else if (flag === '0') spec.zero = true;
      else if (flag === '#') spec.sharp = true;
      else break;
    }
    const readNumber = (): number | undefined => {
      if (format[i] === '*') {
        i++;
        const value = args[argIndex++];
        return typeof value === 'number' ? Math.trunc(value) : undefined;
      }
      const match = /^\d+/.exec(format.slice(i));
      if (!match) return undefined;
      i += match[0].length;
      return Number(match[0]);
    };
    spec.width = readNumber();
    if (format[i] === '.') {
      i++;
      spec.precision = readNumber() ?? 0;
    }
    const verb = format[i];
    i++;
    if (verb === undefined) {
      out += '%!(NOVERB)';
      break;
    }
    if (argIndex >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    out += formatOne(verb, args[argIndex++], spec);
  }
  if (argIndex < args.length) {
    out += `%!(EXTRA ${args
      .slice(argIndex)
      .map((arg) => `${goTypeName(arg)}=${formatValue(arg)}`)
      .join(', ')})`;
  }
  return out;
}
