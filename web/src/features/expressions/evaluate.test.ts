import { describe, expect, it } from 'vitest';
import { evaluateExpression } from './evaluate';

/** The preview evaluates in the browser with the same functions as the server (jq aside). */
describe('expression preview in the browser', () => {
  it("has Flanksource's CEL functions", () => {
    expect(evaluateExpression({ language: 'cel', expression: '[HumanDuration(3600), crypto.SHA1("foo"), jmespath("a", {"a": 1}), jsonpath("$.b", {"b": 2})]', data: {} })).toEqual({ ok: true, value: ['1h', '0beec7b5ea3f0fdbc95d0dd47f3c5bc275da8a33', 1, 2] });
    expect(evaluateExpression({ language: 'cel', expression: 'SemverCompare(">=1.2", v) && TOML("a = 1").a == 1 && uuid.IsValid(uuid.V4())', data: { v: '1.3.0' } })).toEqual({ ok: true, value: true });
  });

  it("has gomplate's template functions and Go's arity errors", () => {
    expect(evaluateExpression({ language: 'template', expression: '{{ .name | strings.ToUpper }} {{ "a;b" | regexp.Split ";" -1 | toJSON }}', data: { name: 'x' } })).toEqual({ ok: true, value: 'X ["a","b"]' });
    expect(evaluateExpression({ language: 'template', expression: '{{ printf }}', data: {} })).toMatchObject({ ok: false, message: expect.stringContaining('wrong number of args for printf: want at least 1 got 0') as unknown });
  });
});
