import { TemplateError } from './errors.js';

/** Token kinds of Go's text/template action language. */
export type TokenKind =
  | 'text'
  | 'leftDelim'
  | 'rightDelim'
  | 'space'
  | 'identifier'
  | 'keyword'
  | 'field'
  | 'variable'
  | 'string'
  | 'rawString'
  | 'char'
  | 'number'
  | 'bool'
  | 'nil'
  | 'dot'
  | 'pipe'
  | 'leftParen'
  | 'rightParen'
  | 'declare'
  | 'assign'
  | 'comma'
  | 'comment'
  | 'eof';

export interface Token {
  kind: TokenKind;
  value: string;
  /** Offset in the source. */
  pos: number;
}

export const KEYWORDS = new Set(['block', 'break', 'continue', 'define', 'else', 'end', 'if', 'range', 'template', 'with']);

export interface Delimiters {
  left: string;
  right: string;
}

export const DEFAULT_DELIMITERS: Delimiters = { left: '{{', right: '}}' };

const SPACE = /[ \t\r\n]/;
const ALPHANUMERIC = /[\p{L}\p{N}_]/u;

/** The line (from 1) and column (from 1) of an offset. */
export function positionOf(source: string, pos: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < pos && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: pos - lineStart + 1 };
}

/**
 * Splits a template into tokens as Go's lexer does: text, then the items of each action between
 * the delimiters, with `{{- ` and ` -}}` trimming the white space around the action.
 */
export function lex(name: string, source: string, delimiters: Delimiters = DEFAULT_DELIMITERS): Token[] {
  const tokens: Token[] = [];
  const { left, right } = delimiters;
  const fail = (pos: number, message: string): never => {
    throw new TemplateError(name, source, pos, message);
  };
  let pos = 0;
  let trimNextText = false;

  const pushText = (text: string, at: number) => {
    let value = text;
    if (trimNextText) value = value.replace(/^[ \t\r\n]+/, '');
    trimNextText = false;
    if (value.length > 0) tokens.push({ kind: 'text', value, pos: at });
  };

  while (pos < source.length) {
    const start = source.indexOf(left, pos);
    if (start < 0) {
      pushText(source.slice(pos), pos);
      pos = source.length;
      break;
    }
    let text = source.slice(pos, start);
    let inside = start + left.length;
    const trimLeft = source[inside] === '-' && SPACE.test(source[inside + 1] ?? '');
    if (trimLeft) {
      text = text.replace(/[ \t\r\n]+$/, '');
      inside += 2;
    }
    pushText(text, pos);
    tokens.push({ kind: 'leftDelim', value: left, pos: start });
    pos = lexAction(inside);
  }
  tokens.push({ kind: 'eof', value: '', pos: source.length });
  return tokens;

  /** Lexes one action from `from` (after the left delimiter); answers the offset after the right one. */
  function lexAction(from: number): number {
    let i = from;
    // A comment fills the whole action: {{/* … */}}, with optional trim markers.
    const afterSpace = i;
    if (source.startsWith('/*', afterSpace)) {
      const end = source.indexOf('*/', afterSpace + 2);
      if (end < 0) fail(afterSpace, 'unclosed comment');
      i = end + 2;
      const trimmed = source.startsWith(' -' + right, i);
      if (!trimmed && !source.startsWith(right, i)) fail(i, 'comment ends before closing delimiter');
      tokens.push({ kind: 'comment', value: source.slice(afterSpace, end + 2), pos: afterSpace });
      if (trimmed) {
        trimNextText = true;
        i += 2;
      }
      tokens.push({ kind: 'rightDelim', value: right, pos: i });
      return i + right.length;
    }
    let parens = 0;
    for (;;) {
      if (i >= source.length) fail(from, 'unclosed action');
      const rest = source.slice(i);
      // With `$(` … `)` delimiters a `)` closes a parenthesis first, then the action.
      const closes = parens === 0 || right !== ')';
      if (closes && rest.startsWith(' -' + right)) {
        tokens.push({ kind: 'space', value: ' ', pos: i });
        tokens.push({ kind: 'rightDelim', value: right, pos: i + 2 });
        trimNextText = true;
        return i + 2 + right.length;
      }
      if (closes && rest.startsWith(right)) {
        if (parens > 0) fail(i, 'unclosed left paren');
        tokens.push({ kind: 'rightDelim', value: right, pos: i });
        return i + right.length;
      }
      const ch = source[i]!;
      if (ch === '\n' || ch === ' ' || ch === '\t' || ch === '\r') {
        let j = i;
        while (j < source.length && SPACE.test(source[j]!) && !source.startsWith(' -' + right, j)) j++;
        if (j === i) j++;
        tokens.push({ kind: 'space', value: source.slice(i, j), pos: i });
        i = j;
      } else if (ch === '=') {
        tokens.push({ kind: 'assign', value: '=', pos: i++ });
      } else if (ch === ':') {
        if (source[i + 1] !== '=') fail(i, 'expected :=');
        tokens.push({ kind: 'declare', value: ':=', pos: i });
        i += 2;
      } else if (ch === '|') {
        tokens.push({ kind: 'pipe', value: '|', pos: i++ });
      } else if (ch === ',') {
        tokens.push({ kind: 'comma', value: ',', pos: i++ });
      } else if (ch === '(') {
        parens++;
        tokens.push({ kind: 'leftParen', value: '(', pos: i++ });
      } else if (ch === ')') {
        parens--;
        if (parens < 0) fail(i, 'unexpected right paren');
        tokens.push({ kind: 'rightParen', value: ')', pos: i++ });
      } else if (ch === '"') {
        i = lexQuote(i, '"', 'string', 'unterminated quoted string');
      } else if (ch === '`') {
        const end = source.indexOf('`', i + 1);
        if (end < 0) fail(i, 'unterminated raw quoted string');
        tokens.push({ kind: 'rawString', value: source.slice(i, end + 1), pos: i });
        i = end + 1;
      } else if (ch === "'") {
        i = lexQuote(i, "'", 'char', 'unterminated character constant');
      } else if (ch === '$') {
        let j = i + 1;
        while (j < source.length && ALPHANUMERIC.test(source[j]!)) j++;
        tokens.push({ kind: 'variable', value: source.slice(i, j), pos: i });
        i = j;
      } else if (ch === '.') {
        const next = source[i + 1] ?? '';
        if (/[0-9]/.test(next)) {
          i = lexNumber(i);
        } else if (ALPHANUMERIC.test(next)) {
          let j = i + 1;
          while (j < source.length && ALPHANUMERIC.test(source[j]!)) j++;
          tokens.push({ kind: 'field', value: source.slice(i, j), pos: i });
          i = j;
        } else {
          tokens.push({ kind: 'dot', value: '.', pos: i++ });
        }
      } else if (ch === '+' || ch === '-' || /[0-9]/.test(ch)) {
        i = lexNumber(i);
      } else if (ALPHANUMERIC.test(ch)) {
        let j = i;
        while (j < source.length && ALPHANUMERIC.test(source[j]!)) j++;
        const word = source.slice(i, j);
        const kind: TokenKind = KEYWORDS.has(word) ? 'keyword' : word === 'true' || word === 'false' ? 'bool' : word === 'nil' ? 'nil' : 'identifier';
        tokens.push({ kind, value: word, pos: i });
        i = j;
      } else {
        fail(i, `unrecognized character in action: ${JSON.stringify(ch)}`);
      }
    }
  }

  function lexQuote(from: number, quote: string, kind: TokenKind, unterminated: string): number {
    let j = from + 1;
    for (;;) {
      const c = source[j];
      if (c === undefined || c === '\n') fail(from, unterminated);
      if (c === '\\') j += 2;
      else if (c === quote) break;
      else j++;
    }
    tokens.push({ kind, value: source.slice(from, j + 1), pos: from });
    return j + 1;
  }

  function lexNumber(from: number): number {
    const match = /^[+-]?(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(\d[\d_]*)?\.?[\d_]*([eE][+-]?\d+)?)i?/.exec(source.slice(from));
    const text = match?.[0] ?? '';
    if (text === '' || text === '+' || text === '-' || text === '.') fail(from, `bad number syntax: ${JSON.stringify(source.slice(from, from + 8))}`);
    const after = source[from + text.length] ?? '';
    if (ALPHANUMERIC.test(after)) fail(from, `bad number syntax: ${JSON.stringify(text + after)}`);
    tokens.push({ kind: 'number', value: text, pos: from });
    return from + text.length;
  }
}
