import { parseError } from '../errors.js';

/** A read position over one parameter's text, with errors that point at the offending character. */
export class Cursor {
  private pos = 0;

  constructor(
    readonly text: string,
    private readonly what: string,
  ) {}

  get position(): number {
    return this.pos;
  }

  eof(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  advance(count = 1): void {
    this.pos += count;
  }

  take(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.take(token)) throw this.fail(`expecting "${token}"`);
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }

  fail(expecting: string): Error {
    const found = this.eof() ? 'end of input' : `"${this.peek()}"`;
    return parseError(this.what, this.text, `unexpected ${found} at position ${this.pos + 1}, ${expecting}`);
  }

  /** A double-quoted token; `\"` and `\\` escape. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.eof()) {
      const ch = this.peek();
      if (ch === '\\' && this.pos + 1 < this.text.length) {
        out += this.peek(1);
        this.advance(2);
        continue;
      }
      if (ch === '"') {
        this.advance();
        return out;
      }
      out += ch;
      this.advance();
    }
    throw this.fail('expecting a closing quote');
  }

  /** Characters up to (not including) the first of `stops` at this nesting level, or `->`. */
  bare(stops: string, stopAtArrow = true): string {
    const start = this.pos;
    while (!this.eof()) {
      const ch = this.peek();
      if (stops.includes(ch)) break;
      if (stopAtArrow && ch === '-' && this.peek(1) === '>') break;
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  /** An identifier, quoted or bare. */
  identifier(stops = ',()!:."'): string {
    if (this.peek() === '"') return this.quoted();
    const name = this.bare(stops).trim();
    if (name === '') throw this.fail('expecting a name');
    return name;
  }

  /** A balanced group starting at the current `open` character, returned with its delimiters. */
  balanced(open: string, close: string): string {
    const start = this.pos;
    let depth = 0;
    let inQuotes = false;
    while (!this.eof()) {
      const ch = this.peek();
      if (inQuotes) {
        if (ch === '\\') this.pos++;
        else if (ch === '"') inQuotes = false;
      } else if (ch === '"') inQuotes = true;
      else if (ch === open) depth++;
      else if (ch === close) {
        depth--;
        if (depth === 0) {
          this.pos++;
          return this.text.slice(start, this.pos);
        }
      }
      this.pos++;
    }
    throw this.fail(`expecting "${close}"`);
  }
}
