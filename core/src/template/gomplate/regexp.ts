import { quoteMeta, regexFind, regexFindAll, regexMatches, regexReplaceAll, regexSplit } from '../../regex/re2.js';
import { between } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { text, toInt } from './values.js';

/** gomplate's regexp namespace: RE2 expressions, the input last. */

export const REGEXP: Readonly<Record<string, TemplateFunction>> = {
  Find: (pattern, value) => regexFind(text(pattern), text(value)),
  FindAll: between(2, 3, (pattern, ...rest) => regexFindAll(text(pattern), text(rest[rest.length - 1]), rest.length === 2 ? toInt(rest[0]) : -1)),
  Match: (pattern, value) => regexMatches(text(pattern), text(value)),
  QuoteMeta: (value) => quoteMeta(text(value)),
  Replace: (pattern, replacement, value) => regexReplaceAll(text(pattern), text(value), text(replacement)),
  ReplaceLiteral: (pattern, replacement, value) => regexReplaceAll(text(pattern), text(value), text(replacement).replaceAll('$', () => '$$')),
  Split: between(2, 3, (pattern, ...rest) => regexSplit(text(pattern), text(rest[rest.length - 1]), rest.length === 2 ? toInt(rest[0]) : -1)),
};
