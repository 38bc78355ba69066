/** String helpers as gomplate's strings namespace and Go's strings package behave, shared by CEL and templates. */

/** The longest text one of these functions makes: more is a mistake, or an attempt to exhaust memory. */
export const MAX_TEXT_LENGTH = 16 * 1024 * 1024;

/** Refuses a result longer than MAX_TEXT_LENGTH before it is built. */
export function checkLength(length: number, what: string): void {
  if (length > MAX_TEXT_LENGTH) throw new RangeError(`${what} would make ${length} characters, more than the ${MAX_TEXT_LENGTH} allowed`);
}

/** Go's strings.Repeat, bounded; a negative count is an error as in Go. */
export function repeat(text: string, count: number): string {
  if (count < 0) throw new Error('strings: negative Repeat count');
  checkLength(text.length * count, 'repeat');
  return text.repeat(count);
}

/** Every `from` replaced, refused when the result would be too long. */
export function replaceAll(text: string, from: string, to: string, limit = -1): string {
  // As Go's strings.Replace, an empty `from` matches at the start and after each character.
  const parts = from === '' ? ['', ...text, ''] : text.split(from);
  const count = limit < 0 ? parts.length - 1 : Math.min(limit, parts.length - 1);
  checkLength(text.length + count * (to.length - from.length), 'replace');
  if (limit < 0) return parts.join(to);
  return parts.slice(0, count + 1).join(to) + (count + 1 < parts.length ? from + parts.slice(count + 1).join(from) : '');
}

/** gomplate's Indent: every line that is not empty starts with `prefix` repeated `width` times. */
export function indent(width: number, prefix: string, text: string): string {
  if (width <= 0 || prefix.includes('\n')) return text;
  const pad = repeat(prefix, width);
  checkLength(text.length + pad.length * (text.split('\n').length), 'indent');
  return text.replace(/^(?!$)/gm, pad);
}

/** A single-quoted shell token: 'it'"'"'s'. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

/** golang.org/x/text's cases.Title, as gomplate's Title uses it: each word's first letter upper-cased, the rest lower-cased. */
export function titleCase(text: string): string {
  return title(text.toLowerCase());
}

/** Go's strings.Title: the first letter of each word upper-cased, the rest untouched. */
export function title(text: string): string {
  return text.replace(/(^|[^\p{L}\p{N}_'])(\p{L})/gu, (_whole, before: string, letter: string) => before + letter.toUpperCase());
}

const NON_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/** The words of a text lower-cased except its first character, as gomplate prepares snake and kebab case. */
function casePrepare(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const lower = trimmed.toLowerCase();
  const first = [...trimmed][0]!;
  const prepared = lower.replace([...lower][0]!, first);
  return prepared.replace(NON_ALPHANUMERIC, ' ').trim();
}

/** gomplate's SnakeCase: `Hello World` → `Hello_world` (the first character keeps its case). */
export function snakeCase(text: string): string {
  return casePrepare(text).replace(/\s+/g, '_');
}

/** gomplate's KebabCase: `Hello World` → `Hello-world`. */
export function kebabCase(text: string): string {
  return casePrepare(text).replace(/\s+/g, '-');
}

/** gomplate's CamelCase: words title-cased and joined, the first character keeping its case (`hello world` → `helloWorld`). */
export function camelCase(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const titled = trimmed.toLowerCase().replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_w, before: string, letter: string) => before + letter.toUpperCase());
  return titled.replace([...titled][0]!, [...trimmed][0]!).replace(NON_ALPHANUMERIC, '');
}

/** gosimple/slug's default: lower case, runs of anything but letters and digits as one `-`. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** goutils' WrapCustom without breaking long words: lines cut at spaces before `width` characters. */
export function wordWrap(text: string, width: number, lineBreak = '\n'): string {
  const limit = width < 1 ? 1 : width;
  const out: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    if (rest[0] === ' ') {
      rest = rest.slice(1);
      continue;
    }
    let cut = rest.lastIndexOf(' ', limit);
    if (cut <= 0) {
      cut = rest.indexOf(' ', limit);
      if (cut < 0) break;
    }
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut + 1);
  }
  out.push(rest);
  checkLength(text.length + out.length * lineBreak.length, 'wordWrap');
  return out.join(lineBreak);
}

/** goutils' Abbreviate and AbbreviateFull: `...` marks what was cut, the result at most `maxWidth` long. */
export function abbreviate(text: string, offset: number, maxWidth: number): string {
  if (maxWidth < 4) throw new Error('minimum abbreviation width is 4');
  if (text.length <= maxWidth) return text;
  let from = Math.min(offset, text.length);
  if (text.length - from < maxWidth - 3) from = text.length - (maxWidth - 3);
  if (from <= 4) return `${text.slice(0, maxWidth - 3)}...`;
  if (maxWidth < 7) throw new Error('minimum abbreviation width with offset is 7');
  if (from + maxWidth - 3 < text.length) return `...${abbreviate(text.slice(from), 0, maxWidth - 3)}`;
  return `...${text.slice(text.length - (maxWidth - 3))}`;
}

/** Go's strings.SplitN: at most `count` parts (all when negative, none when 0). */
export function splitN(text: string, separator: string, count: number): string[] {
  if (count === 0) return [];
  const parts = separator === '' ? [...text] : text.split(separator);
  if (count < 0 || parts.length <= count) return parts;
  if (separator === '') return [...parts.slice(0, count - 1), parts.slice(count - 1).join('')];
  return [...parts.slice(0, count - 1), parts.slice(count - 1).join(separator)];
}

/** Go's strings.Trim: every leading and trailing character that is in `cutset`. */
export function trimChars(text: string, cutset: string): string {
  const cut = new Set([...cutset]);
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (start < end && cut.has(chars[start]!)) start++;
  while (end > start && cut.has(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

/** Go's strconv.Quote for text: double quotes, with Go's escapes for control characters. */
export function goQuote(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\x07') out += '\\a';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (ch === '\v') out += '\\v';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Go's url.QueryEscape. */
export function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Go's url.QueryUnescape. */
export function queryUnescape(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new Error(`invalid URL escape in ${JSON.stringify(text)}`);
  }
}
