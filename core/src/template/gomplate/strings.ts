import { humanBytes, humanDuration, parseSemver, semverSatisfies } from '../../functions/humanize.js';
import { abbreviate, camelCase, goQuote, indent, kebabCase, repeat, replaceAll, shellQuote, slug, snakeCase, splitN, titleCase, trimChars, wordWrap } from '../../functions/text.js';
import { between, variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { GoDuration, list, number, text, toInt } from './values.js';

/** gomplate's strings namespace: the input comes last, so that it can be piped in. */

function abbrev(...args: unknown[]): string {
  const input = text(args[args.length - 1]);
  if (args.length === 2) return abbreviate(input, 0, toInt(args[0]));
  return abbreviate(input, toInt(args[0]), toInt(args[1]));
}

/** gomplate's Indent: `Indent s`, `Indent "  " s` or `Indent 2 "  " s`. */
function indentOf(...args: unknown[]): string {
  const input = text(args[args.length - 1]);
  if (args.length === 1) return indent(1, ' ', input);
  if (args.length === 2) return typeof args[0] === 'number' ? indent(args[0], ' ', input) : indent(1, text(args[0]), input);
  return indent(toInt(args[0]), text(args[1]), input);
}

function wordWrapOf(...args: unknown[]): string {
  const input = text(args[args.length - 1]);
  if (args.length === 1) return wordWrap(input, 80);
  if (args.length === 2) return typeof args[0] === 'number' ? wordWrap(input, args[0]) : wordWrap(input, 80, text(args[0]));
  return wordWrap(input, toInt(args[0]), text(args[1]));
}

function shellQuoteOf(value: unknown): string {
  return Array.isArray(value) ? value.map((item) => shellQuote(text(item))).join(' ') : shellQuote(text(value));
}

/** gomplate's Squote: single quotes, a single quote inside doubled. */
const squote = (value: unknown): string => `'${text(value).replaceAll("'", "''")}'`;

const sortStrings = (value: unknown): string[] => list(value).map(text).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A parsed version as Masterminds' semver.Version reads in templates: `(semver "1.2.3").Major`, printed as the version. */
class GoSemver {
  readonly Major: number;
  readonly Minor: number;
  readonly Patch: number;
  readonly Prerelease: string;
  readonly Metadata: string;
  readonly Original: string;

  constructor(version: string) {
    const parts = parseSemver(version);
    this.Major = parts.major;
    this.Minor = parts.minor;
    this.Patch = parts.patch;
    this.Prerelease = parts.prerelease;
    this.Metadata = parts.metadata;
    this.Original = parts.original;
  }

  toString(): string {
    return `${this.Major}.${this.Minor}.${this.Patch}${this.Prerelease ? `-${this.Prerelease}` : ''}${this.Metadata ? `+${this.Metadata}` : ''}`;
  }
}

/** HumanDuration of a duration, of Go duration text, or of a number of nanoseconds as gomplate reads an int64. */
function humanDurationOf(value: unknown): string {
  if (value instanceof GoDuration) return humanDuration(BigInt(Math.round(value.nanoseconds)));
  return humanDuration(BigInt(Math.round(number(value))));
}

export const STRINGS: Readonly<Record<string, TemplateFunction>> = {
  Abbrev: between(2, 3, abbrev),
  Contains: (part, value) => text(value).includes(text(part)),
  HasPrefix: (prefix, value) => text(value).startsWith(text(prefix)),
  HasSuffix: (suffix, value) => text(value).endsWith(text(suffix)),
  Indent: between(1, 3, indentOf),
  Sort: (value) => sortStrings(value),
  Split: (separator, value) => splitN(text(value), text(separator), -1),
  SplitN: (separator, count, value) => splitN(text(value), text(separator), toInt(count)),
  Quote: (value) => goQuote(text(value)),
  Repeat: (count, value) => repeat(text(value), toInt(count)),
  ReplaceAll: (from, to, value) => replaceAll(text(value), text(from), text(to)),
  Slug: (value) => slug(text(value)),
  ShellQuote: (value) => shellQuoteOf(value),
  Squote: (value) => squote(value),
  Title: (value) => titleCase(text(value)),
  ToLower: (value) => text(value).toLowerCase(),
  ToUpper: (value) => text(value).toUpperCase(),
  Trim: (cutset, value) => trimChars(text(value), text(cutset)),
  TrimPrefix: (prefix, value) => (text(value).startsWith(text(prefix)) ? text(value).slice(text(prefix).length) : text(value)),
  TrimSpace: (value) => text(value).trim(),
  TrimSuffix: (suffix, value) => (text(suffix) !== '' && text(value).endsWith(text(suffix)) ? text(value).slice(0, -text(suffix).length) : text(value)),
  Trunc: (length, value) => (toInt(length) < 0 ? text(value) : new TextDecoder().decode(new TextEncoder().encode(text(value)).slice(0, toInt(length)))),
  CamelCase: (value) => camelCase(text(value)),
  SnakeCase: (value) => snakeCase(text(value)),
  KebabCase: (value) => kebabCase(text(value)),
  WordWrap: between(1, 3, wordWrapOf),
  RuneCount: variadic(0, (...values) => values.reduce<number>((count, value) => count + [...text(value)].length, 0)),
  SkipLines: (count, value) => text(value).split('\n').slice(Math.max(0, toInt(count))).join('\n'),
  HumanDuration: (value) => humanDurationOf(value),
  HumanSize: (value) => humanBytes(value),
  Semver: (value) => new GoSemver(text(value)),
  SemverCompare: (constraint, version) => semverSatisfies(text(constraint), text(version)),
};

/** gomplate's top-level string functions whose names sprig does not take. */
export const STRING_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  replaceAll: STRINGS.ReplaceAll!,
  toUpper: STRINGS.ToUpper!,
  toLower: STRINGS.ToLower!,
  shellQuote: STRINGS.ShellQuote!,
  // Go's strings.SplitN(s, sep, n) and HasPrefix(s, prefix): the non-pipelined order of these aliases.
  splitN: (value, separator, count) => splitN(text(value), text(separator), toInt(count)),
  startsWith: (value, prefix) => text(value).startsWith(text(prefix)),
  endsWith: (value, suffix) => text(value).endsWith(text(suffix)),
  humanDuration: STRINGS.HumanDuration!,
  humanSize: STRINGS.HumanSize!,
  semver: STRINGS.Semver!,
  semverCompare: STRINGS.SemverCompare!,
};
