import { ALPHA, ALPHANUM, ASCII, characterRange, randomBelow, randomString } from '../../functions/digest.js';
import { between } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { list, number, text, toInt } from './values.js';

/** gomplate's random namespace. */

/** random.String's alphabet: the characters between two, or those a bracket expression names. */
function alphabet(spec: unknown[]): string {
  if (spec.length === 2) return characterRange(text(spec[0]), text(spec[1]));
  const given = text(spec[0]);
  if (given === '[[:xdigit:]]') return '0123456789abcdefABCDEF';
  if (given === '[[:alpha:]]') return ALPHA;
  if (given === '[[:alnum:]]') return ALPHANUM;
  if (given === '[[:digit:]]') return '0123456789';
  const range = /^\[(.)-(.)\]$/u.exec(given);
  if (range) return characterRange(range[1]!, range[2]!);
  throw new Error(`random.String: unsupported character class ${JSON.stringify(given)}`);
}

function randomNumber(...args: unknown[]): number {
  const [min, max] = args.length === 0 ? [0, 100] : args.length === 1 ? [0, toInt(args[0])] : [toInt(args[0]), toInt(args[1])];
  if (max < min) throw new Error(`random.Number: max ${max} is less than min ${min}`);
  return min + randomBelow(max - min + 1);
}

function randomFloat(...args: unknown[]): number {
  const [min, max] = args.length === 0 ? [0, 1] : args.length === 1 ? [0, number(args[0])] : [number(args[0]), number(args[1])];
  return min + Math.random() * (max - min);
}

export const RANDOM: Readonly<Record<string, TemplateFunction>> = {
  ASCII: (count) => randomString(toInt(count), ASCII),
  Alpha: (count) => randomString(toInt(count), ALPHA),
  AlphaNum: (count) => randomString(toInt(count), ALPHANUM),
  String: between(1, 3, (count, ...spec) => randomString(toInt(count), spec.length === 0 ? ALPHANUM : alphabet(spec))),
  Item: (items) => {
    const all = list(items);
    return all[randomBelow(all.length)];
  },
  Number: between(0, 2, randomNumber),
  Float: between(0, 2, randomFloat),
};
