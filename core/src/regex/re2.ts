import { RE2JS } from 're2js';

/**
 * Regular expressions as CEL and Go's text/template define them: RE2 syntax, matched in time linear
 * in the input (re2js, a pure JavaScript port of RE2 that runs in browsers too), so no pattern can
 * make a match backtrack for minutes the way JavaScript's own engine can (`^(a+)+$`).
 */

/** A pattern that is not valid RE2 syntax; the message says what is wrong with it. */
export class RegexSyntaxError extends Error {
  constructor(pattern: string, reason: string) {
    super(`invalid regular expression ${JSON.stringify(pattern)}: ${reason}`);
    this.name = 'RegexSyntaxError';
  }
}

const compiled = new Map<string, RE2JS>();
const CACHE_SIZE = 500;

/** The compiled pattern (the last 500 kept); throws RegexSyntaxError for one RE2 does not accept. */
export function compileRegex(pattern: string, flags = 0): RE2JS {
  const key = `${flags}:${pattern}`;
  let regex = compiled.get(key);
  if (!regex) {
    try {
      regex = RE2JS.compile(pattern, flags);
    } catch (error) {
      throw new RegexSyntaxError(pattern, error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error));
    }
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, regex);
  }
  return regex;
}

/** Whether the pattern matches anywhere in the text (CEL's `matches`, Go's `MatchString`). */
export function regexMatches(pattern: string, text: string): boolean {
  return compileRegex(pattern).test(text);
}

/** The leftmost match, or '' (Go's `FindString`). */
export function regexFind(pattern: string, text: string): string {
  return compileRegex(pattern).exec(text)?.[0] ?? '';
}

/** Successive matches, at most `limit` of them when it is 0 or more (Go's `FindAllString`). */
export function regexFindAll(pattern: string, text: string, limit = -1): string[] {
  if (limit === 0) return [];
  const found: string[] = [];
  for (const match of compileRegex(pattern).matchAll(text)) {
    found.push(match[0]);
    if (limit > 0 && found.length >= limit) break;
  }
  return found;
}

/** Go's `Regexp.Expand`: `$1`, `${1}`, `$name`, `${name}` and `$$` in a replacement. */
function expand(template: string, groups: readonly (string | undefined)[], named: Readonly<Record<string, string | undefined>>): string {
  return template.replace(/\$(?:\$|\{(\w+)\}|(\w+))/g, (whole, braced: string | undefined, bare: string | undefined) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    const value = /^\d+$/.test(name) ? groups[Number(name)] : named[name];
    return value ?? '';
  });
}

/** Every match replaced, with Go's `$1`/`${name}` expansion (Go's `ReplaceAllString`). */
export function regexReplaceAll(pattern: string, text: string, replacement: string): string {
  return compileRegex(pattern)
    .matcher(text)
    .replaceAll((...args: unknown[]) => {
      const last = args[args.length - 1];
      const named = last !== null && typeof last === 'object' ? (last as Record<string, string | undefined>) : {};
      const groupCount = compileRegex(pattern).groupCount();
      return expand(replacement, args.slice(0, groupCount + 1) as (string | undefined)[], named);
    });
}

/** The text cut around the matches, at most `limit` parts when it is more than 0 (Go's `Split`). */
export function regexSplit(pattern: string, text: string, limit = -1): string[] {
  if (limit === 0) return [];
  return compileRegex(pattern).split(text, limit < 0 ? -1 : limit);
}

/** Whether the text matches a glob whose `*` stands for any run of characters, ignoring case. */
export function globMatches(glob: string, text: string): boolean {
  const pattern = `^${glob.split('*').map((part) => RE2JS.quote(part)).join('.*')}$`;
  return compileRegex(pattern, RE2JS.CASE_INSENSITIVE).test(text);
}

/** Go's regexp.QuoteMeta: every character that means something in a pattern escaped. */
export function quoteMeta(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
