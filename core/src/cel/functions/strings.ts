import { abbreviate, camelCase, goQuote, indent, kebabCase, queryEscape, queryUnescape, repeat, replaceAll, shellQuote, slug, snakeCase, splitN, titleCase, wordWrap } from '../../functions/text.js';
import { humanBytes, humanDuration, parseSemver, semverSatisfies } from '../../functions/humanize.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { isDuration, nanosOf, numberOf } from '../values.js';
import { formatCel } from './format.js';

/** cel-go's string extensions and gomplate's strings functions, as methods of strings. */

const int = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`${value} is out of range`);
  return Number(value);
};

function charAt(text: string, index: bigint): string {
  const chars = [...text];
  if (index < 0n || index > BigInt(chars.length)) throw new Error(`index out of range: ${index}`);
  return chars[Number(index)] ?? '';
}

/** gomplate's HumanDuration: a duration, or a number of seconds. */
function humanDurationOf(value: unknown): string {
  if (isDuration(value)) return humanDuration(nanosOf(value));
  if (typeof value === 'string' && value.trim() !== '' && Number.isNaN(Number(value))) throw new Error(`HumanDuration: ${JSON.stringify(value)} is not a duration or a number of seconds`);
  return humanDuration(BigInt(Math.round(numberOf(value) * 1e9)));
}

/** gomplate's SemverMap: every part as text. */
function semverMap(version: string): Record<string, string> {
  const parts = parseSemver(version);
  return { major: String(parts.major), minor: String(parts.minor), patch: String(parts.patch), prerelease: parts.prerelease, metadata: parts.metadata, original: parts.original };
}

const sortChars = (text: string): string => [...text].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('');
const lengthOf = (text: string): bigint => BigInt([...text].length);

export const STRING_FUNCTIONS: CelOverload[] = [
  overload('string.charAt(int): string', charAt),
  overload('string.replace(string, string): string', (text: string, from: string, to: string) => replaceAll(text, from, to)),
  overload('string.replace(string, string, int): string', (text: string, from: string, to: string, count: bigint) => replaceAll(text, from, to, int(count))),
  overload('string.replaceAll(string, string): string', (text: string, from: string, to: string) => replaceAll(text, from, to)),
  overload('string.reverse(): string', (text: string) => [...text].reverse().join('')),
  overload('string.format(list): string', (text: string, args: unknown[]) => formatCel(text, args)),
  overload('string.abbrev(int): string', (text: string, width: bigint) => abbreviate(text, 0, int(width))),
  overload('string.abbrev(int, int): string', (text: string, offset: bigint, width: bigint) => abbreviate(text, int(offset), int(width))),
  overload('string.camelCase(): string', camelCase),
  overload('string.kebabCase(): string', kebabCase),
  overload('string.snakeCase(): string', snakeCase),
  overload('string.slug(): string', slug),
  overload('string.title(): string', titleCase),
  overload('string.toUpper(): string', (text: string) => text.toUpperCase()),
  overload('string.toLower(): string', (text: string) => text.toLowerCase()),
  overload('string.trimSpace(): string', (text: string) => text.trim()),
  overload('string.trimPrefix(string): string', (text: string, prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text)),
  overload('string.trimSuffix(string): string', (text: string, suffix: string) => (suffix !== '' && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text)),
  overload('string.trunc(int): string', (text: string, length: bigint) => (length < 0n ? text : text.slice(0, int(length)))),
  overload('string.indent(int, string): string', (text: string, width: bigint, prefix: string) => indent(int(width), prefix, text)),
  overload('string.indent(int): string', (text: string, width: bigint) => indent(int(width), ' ', text)),
  overload('string.repeat(int): string', (text: string, count: bigint) => repeat(text, int(count))),
  overload('string.runeCount(): int', lengthOf),
  overload('string.shellQuote(): string', shellQuote),
  overload('string.quote(): string', goQuote),
  overload('string.squote(): string', (text: string) => `'${text.replaceAll("'", "''")}'`),
  overload('string.sort(): string', sortChars),
  overload('string.wordWrap(int): string', (text: string, width: bigint) => wordWrap(text, int(width))),
  overload('string.wordWrap(int, string): string', (text: string, width: bigint, lineBreak: string) => wordWrap(text, int(width), lineBreak)),
  overload('string.SplitN(string, int): list<string>', (text: string, separator: string, count: bigint) => splitN(text, separator, int(count))),
  overload('string.Contains(string): bool', (text: string, part: string) => text.includes(part)),
  overload('urlencode(string): string', queryEscape),
  overload('urldecode(string): string', queryUnescape),
  overload('HumanDuration(dyn): string', humanDurationOf),
  overload('HumanSize(dyn): string', (value: unknown) => humanBytes(typeof value === 'object' && value !== null ? value.valueOf() : value)),
  overload('Semver(string): map', semverMap),
  overload('SemverCompare(string, string): bool', semverSatisfies),
  ...inNamespace('strings', [overload('quote(string): string', goQuote)]),
];
