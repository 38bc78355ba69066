import type { Environment } from '@marcbachmann/cel-js';
import { regexMatches } from '../regex/re2.js';
import { parseGoDuration } from '../template/time.js';
import { useHasOfAnyOperand } from './has-operand.js';
import { celDuration } from './values.js';
import { useVariableFunction, withVariableFunctionNames } from './variable-functions.js';

/**
 * Engine functions that Flanksource's CEL defines its own way, each called under another name:
 * `matches` (RE2, below) and `duration`, which reads days and weeks (`duration("7d")`) as
 * gomplate's duration parser does.
 *
 * CEL's `matches` with RE2 semantics, as the CEL specification defines it. The engine's own
 * `string.matches` uses JavaScript's backtracking RegExp, where `"aaaa…!".matches("^(a+)+$")` runs for
 * minutes, and an engine cannot register a second overload of the same signature; so each parsed
 * expression's `s.matches(re)` calls are pointed at this method instead, before they are first checked.
 */
const METHOD = 'matchesRE2';
const DURATION = 'durationGo';
const LOWER = 'lowerAsciiGo';
const UPPER = 'upperAsciiGo';
/** Receiver calls and global calls pointed at ours: written name → registered name. */
const METHODS: Readonly<Record<string, string>> = { matches: METHOD, lowerAscii: LOWER, upperAscii: UPPER };
const FUNCTIONS: Readonly<Record<string, string>> = { duration: DURATION };
const WRITTEN = new Map([...Object.entries(METHODS), ...Object.entries(FUNCTIONS)].map(([written, registered]) => [registered, written]));

export function registerOverrides(environment: Environment): Environment {
  return environment
    .registerFunction(`string.${METHOD}(string): bool`, (text: string, pattern: string) => regexMatches(pattern, text))
    .registerFunction('matches(string, string): bool', (text: string, pattern: string) => regexMatches(pattern, text))
    .registerFunction(`${DURATION}(string): google.protobuf.Duration`, (text: string) => celDuration(parseGoDuration(text)))
    .registerFunction(`${DURATION}(google.protobuf.Duration): google.protobuf.Duration`, (value: unknown) => value)
    // cel-go changes the case of ASCII letters only: "TacoCÆt".lowerAscii() is "tacocÆt".
    .registerFunction(`string.${LOWER}(): string`, (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()))
    .registerFunction(`string.${UPPER}(): string`, (text: string) => text.replace(/[a-z]+/g, (letters) => letters.toUpperCase()));
}

interface Node {
  op: string;
  args: unknown;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && typeof (value as Node).op === 'string' && 'args' in value;
}

/**
 * Points every `x.matches(y)`, `x.lowerAscii()`, `duration(x)` … of a parsed expression at ours (a call's
 * args are [name, (receiver,) arguments]), and `last_result()` at its variable (variable-functions.ts).
 */
export function useOverrides(ast: unknown): void {
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
    if (value.op === 'rcall' && Array.isArray(args) && typeof args[0] === 'string' && Object.hasOwn(METHODS, args[0])) args[0] = METHODS[args[0]];
    if (value.op === 'call' && Array.isArray(args) && typeof args[0] === 'string' && Object.hasOwn(FUNCTIONS, args[0])) args[0] = FUNCTIONS[args[0]];
    useVariableFunction(value);
    useHasOfAnyOperand(value);
    if (Array.isArray(value.args)) pending.push(...(value.args as unknown[]));
    else pending.push(value.args);
  }
}

/** A message about the expression as it was written: `matches`, not the method it was pointed at. */
export function withEngineNames(message: string): string {
  return withVariableFunctionNames(message).replace(/\b(matchesRE2|durationGo|lowerAsciiGo|upperAsciiGo)\b/g, (name) => WRITTEN.get(name) ?? name);
}
