import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * How many of the most common passwords are refused: the head of the list zxcvbn-ts ships
 * (@zxcvbn-ts/language-common, MIT), ordered by how often each was found in leaked password dumps.
 */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: ReadonlySet<string> | undefined;

/** Whether a password is one of the most common ones (compared in lower case, as the list is). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((entry) => String(entry).toLowerCase()));
  return common.has(password.toLowerCase());
}
