/**
 * A sealed credential inside an answer's JSON text, also within a string of JSON text: `v1:` and at
 * least 38 base64url characters, not preceded by another such character. The same pattern as the
 * database's redact_sealed, applied where the text arrives instead of by PostgreSQL, which would
 * scan every answer for it on the connections the data service shares.
 */
const SEALED_IN_TEXT = /(^|[^A-Za-z0-9_-])v1:[A-Za-z0-9_-]{38,}/g;

/** The answer with every sealed credential written as '<sealed>'. */
export function redactSealedText(answer: string): string {
  // Most answers hold none: a plain search is far cheaper than the expression.
  if (!answer.includes('v1:')) return answer;
  return answer.replace(SEALED_IN_TEXT, '$1<sealed>');
}
