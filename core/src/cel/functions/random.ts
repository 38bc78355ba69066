import { ALPHA, ALPHANUM, ASCII, characterRange, randomBelow, randomString } from '../../functions/digest.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { numberOf } from '../values.js';

/** gomplate's random namespace in CEL; lengths are bounded. */

const int = (value: bigint): number => Number(value);

function randomNumber(min: unknown, max: unknown): bigint {
  const low = Math.trunc(numberOf(min));
  const high = Math.trunc(numberOf(max));
  if (high < low) throw new Error(`random.Number: max ${high} is less than min ${low}`);
  return BigInt(low + randomBelow(high - low + 1));
}

export const RANDOM_FUNCTIONS: CelOverload[] = [
  ...inNamespace('random', [
    overload('ASCII(int): string', (count: bigint) => randomString(int(count), ASCII)),
    overload('Alpha(int): string', (count: bigint) => randomString(int(count), ALPHA)),
    overload('AlphaNum(int): string', (count: bigint) => randomString(int(count), ALPHANUM)),
    overload('String(int): string', (count: bigint) => randomString(int(count), ALPHANUM)),
    overload('String(int, list): string', (count: bigint, bounds: unknown[]) => {
      const [from, to] = bounds.map(String);
      return randomString(int(count), to === undefined ? (from ?? ALPHANUM) : characterRange(from!, to));
    }),
    overload('Item(list): dyn', (items: unknown[]) => items[randomBelow(items.length)]),
    overload('Number(dyn, dyn): int', randomNumber),
    overload('Float(dyn, dyn): double', (min: unknown, max: unknown) => numberOf(min) + Math.random() * (numberOf(max) - numberOf(min))),
  ]),
];
