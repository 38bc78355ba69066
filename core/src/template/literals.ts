/** Go's number and string literals, as templates write them. */

/** A number constant (`1_000`, `0x1f`, `0b101`, `0o17`, `017`, `-2.5e3`); throws Go's message for what is not one. */
export function goNumber(literal: string): number {
  const text = literal.replace(/_/g, '');
  if (text.endsWith('i')) throw new Error(`complex numbers are not supported: ${literal}`);
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.replace(/^[+-]/, '');
  let value: number;
  if (/^0[xX]/.test(digits)) value = parseInt(digits.slice(2), 16);
  else if (/^0[bB]/.test(digits)) value = parseInt(digits.slice(2), 2);
  else if (/^0[oO]/.test(digits)) value = parseInt(digits.slice(2), 8);
  else if (/^0[0-7]+$/.test(digits)) value = parseInt(digits.slice(1), 8);
  else value = Number(digits);
  if (Number.isNaN(value)) throw new Error(`illegal number syntax: ${JSON.stringify(literal)}`);
  return sign * value;
}

/** Go's escape sequences in a quoted string or character constant. */
export function decodeEscapes(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (whole, escape: string) => {
    switch (escape[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'a':
        return '\x07';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '\\':
        return '\\';
      case '"':
        return '"';
      case "'":
        return "'";
      case 'x':
      case 'u':
      case 'U':
        return String.fromCodePoint(parseInt(escape.slice(1), 16));
      default:
        if (/^[0-7]{3}$/.test(escape)) return String.fromCodePoint(parseInt(escape, 8));
        throw new Error(`invalid syntax: unknown escape sequence ${whole}`);
    }
  });
}
