import type { Environment } from '@marcbachmann/cel-js';
import { regexMatches } from '../regex/re2.js';

/**
 * CEL's `matches` with RE2 semantics, as the CEL specification defines it. The engine's own
 * `string.matches` uses JavaScript's backtracking RegExp, where `"aaaa…!".matches("^(a+)+$")` runs for
 * minutes, and an engine cannot register a second overload of the same signature; so each parsed
 * expression's `s.matches(re)` calls are pointed at this method instead, before they are first checked.
 */
const METHOD = 'matchesRE2';

export function registerRe2Matches(environment: Environment): Environment {
  return environment
    .registerFunction(`string.${METHOD}(string): bool`, (text: string, pattern: string) => regexMatches(pattern, text))
    .registerFunction('matches(string, string): bool', (text: string, pattern: string) => regexMatches(pattern, text));
}

interface Node {
  op: string;
  args: unknown;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && typeof (value as Node).op === 'string' && 'args' in value;
}

/** Points every `x.matches(y)` of a parsed expression at the RE2 method (a receiver call's args are [name, receiver, arguments]). */
export function useRe2Matches(ast: unknown): void {
  const pending: unknown[] = [ast];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
      continue;
    }
    if (!isNode(value)) continue;
    const args = value.args;
    if (value.op === 'rcall' && Array.isArray(args) && args[0] === 'matches') args[0] = METHOD;
    if (Array.isArray(args)) pending.push(...(args as unknown[]));
    else pending.push(args);
  }
}

/** A message about the expression as it was written: `matches`, not the method it was pointed at. */
export function withEngineNames(message: string): string {
  return message.replaceAll(METHOD, 'matches');
}
