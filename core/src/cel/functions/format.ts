import { checkLength } from '../../functions/text.js';
import { celTypeName, entriesOf, isDuration } from '../values.js';

/** cel-go's `"…".format([args])`: %s %d %f %e %b %x %X %o with an optional precision, and %%. */

function asText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatDouble(value);
  if (Array.isArray(value)) return `[${value.map(asLiteral).join(', ')}]`;
  if (value instanceof Date) return value.toISOString().replace(/\.000Z$/, 'Z');
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (isDuration(value)) return String(value);
  if (typeof value === 'object' && typeof value.valueOf() === 'object') {
    const entries = entriesOf(value);
    return `{${Object.keys(entries)
      .sort()
      .map((key) => `${JSON.stringify(key)}: ${asLiteral(entries[key])}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** Inside a list or map, strings are quoted. */
function asLiteral(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : asText(value);
}

function formatDouble(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

function integerOf(value: unknown, verb: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'boolean' && verb === 'b') return value ? 1n : 0n;
  if (value !== null && typeof value === 'object' && typeof value.valueOf() === 'bigint') return value.valueOf() as bigint;
  if (typeof value === 'number' && Number.isInteger(value) && verb !== 'd') return BigInt(value);
  throw new Error(`error during formatting: ${verb === 'd' ? 'decimal' : verb === 'b' ? 'binary' : verb === 'o' ? 'octal' : 'hex'} clause can only be used on integers, was given ${celTypeName(value)}`);
}

function doubleOf(value: unknown, verb: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object' && typeof value.valueOf() === 'bigint') return Number(value.valueOf());
  throw new Error(`error during formatting: ${verb === 'f' ? 'fixed-point' : 'scientific'} clause can only be used on doubles, was given ${celTypeName(value)}`);
}

function hex(value: unknown, upper: boolean): string {
  let out: string;
  if (typeof value === 'string') out = [...new TextEncoder().encode(value)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  else if (value instanceof Uint8Array) out = [...value].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  else {
    const number = integerOf(value, 'x');
    out = number < 0n ? `-${(-number).toString(16)}` : number.toString(16);
  }
  return upper ? out.toUpperCase() : out;
}

function exponent(value: number, precision: number): string {
  if (!Number.isFinite(value)) return formatDouble(value);
  const [mantissa, power] = value.toExponential(precision).split('e') as [string, string];
  const sign = power.startsWith('-') ? '-' : '+';
  return `${mantissa}e${sign}${power.replace(/^[+-]/, '').padStart(2, '0')}`;
}

export function formatCel(format: string, args: readonly unknown[]): string {
  let next = 0;
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch !== '%') {
      out += ch;
      continue;
    }
    const clause = /^%(?:\.(\d+))?([sdfebxXo%])/.exec(format.slice(i));
    if (!clause) throw new Error(`could not parse formatting clause: unrecognized formatting clause "${format[i + 1] ?? ''}"`);
    i += clause[0].length - 1;
    const verb = clause[2]!;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (next >= args.length) throw new Error(`index ${next} out of range`);
    const value = args[next++];
    const precision = clause[1] === undefined ? 6 : Number(clause[1]);
    if (precision > 100) throw new Error('precision is too large');
    switch (verb) {
      case 's':
        out += asText(value);
        break;
      case 'd':
        out += integerOf(value, 'd').toString();
        break;
      case 'f': {
        const number = doubleOf(value, 'f');
        out += Number.isFinite(number) ? number.toFixed(precision) : formatDouble(number);
        break;
      }
      case 'e':
        out += exponent(doubleOf(value, 'e'), precision);
        break;
      case 'b':
        out += integerOf(value, 'b').toString(2);
        break;
      case 'o':
        out += integerOf(value, 'o').toString(8);
        break;
      default:
        out += hex(value, verb === 'X');
    }
    checkLength(out.length, 'format');
  }
  return out;
}
