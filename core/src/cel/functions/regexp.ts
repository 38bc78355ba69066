import { quoteMeta, regexFind, regexFindAll, regexMatches, regexReplaceAll, regexSplit } from '../../regex/re2.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';

/** gomplate's regexp namespace in CEL: RE2 expressions, the input last. */

const int = (value: bigint): number => Number(value);

export const REGEXP_FUNCTIONS: CelOverload[] = [
  ...inNamespace('regexp', [
    overload('Find(string, string): string', regexFind),
    overload('FindAll(string, int, string): list<string>', (pattern: string, count: bigint, text: string) => regexFindAll(pattern, text, int(count))),
    overload('Match(string, string): bool', regexMatches),
    overload('QuoteMeta(string): string', quoteMeta),
    overload('Replace(string, string, string): string', (pattern: string, replacement: string, text: string) => regexReplaceAll(pattern, text, replacement)),
    overload('ReplaceLiteral(string, string, string): string', (pattern: string, replacement: string, text: string) => regexReplaceAll(pattern, text, replacement.replaceAll('$', () => '$$'))),
    overload('Split(string, int, string): list<string>', (pattern: string, count: bigint, text: string) => regexSplit(pattern, text, int(count))),
  ]),
];
