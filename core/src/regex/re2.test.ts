import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../cel/index.js';
import { renderTemplate } from '../template/index.js';
import { globMatches, regexFindAll, regexReplaceAll, regexSplit, RegexSyntaxError } from './re2.js';

const BACKTRACKING_INPUT = `${'a'.repeat(5_000)}!`;

describe('regular expressions (RE2)', () => {
  it('answers patterns that make a backtracking engine run for minutes at once', () => {
    expect(evaluateCel(`"${BACKTRACKING_INPUT}".matches("^(a+)+$")`)).toBe(false);
    expect(evaluateCel(`matches("${BACKTRACKING_INPUT}", "^(a|aa)+$")`)).toBe(false);
    expect(renderTemplate('{{ regexMatch "^(a+)+$" .s }} {{ regexReplaceAll "(a+)+b" .s "x" | len }}', { s: BACKTRACKING_INPUT })).toBe(`false ${BACKTRACKING_INPUT.length}`);
    expect(globMatches('*a*a*a*a*a*a*a*a*a*b', BACKTRACKING_INPUT)).toBe(false);
  });

  it('follows RE2 and Go: named groups, $-expansion, limits', () => {
    expect(evaluateCel('"Hello".matches("(?i)^h")')).toBe(true);
    expect(evaluateCel('["a1", "b"].filter(s, s.matches("[0-9]"))')).toEqual(['a1']);
    expect(regexReplaceAll('(?P<key>\\w+)=(\\w+)', 'a=1 b=2', '${2}:$key $$')).toBe('1:a $ 2:b $');
    expect(regexFindAll('[0-9]', 'a1b2c3', 2)).toEqual(['1', '2']);
    expect(regexSplit(',', 'a,b,c', 2)).toEqual(['a', 'b,c']);
  });

  it('refuses what RE2 does not have, saying why', () => {
    expect(() => regexFindAll('(?=a)', 'a')).toThrow(RegexSyntaxError);
    expect(() => evaluateCel('"a".matches("(")')).toThrow(/invalid regular expression "\(": missing closing \)/);
    expect(() => evaluateCel('1.matches("a")')).toThrow(/int\.matches\(string\)/);
  });
});
