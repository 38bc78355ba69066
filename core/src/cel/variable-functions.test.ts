import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../template/index.js';
import { evaluateCel, evaluatePlaybookCel } from './index.js';

const previous = { status: true, message: '3 files', results: { max: '2026-01-02T03:04:05Z', rows: [{ max: 'then' }] } };

describe('last_result, a check\'s previous run, as canary-checker calls it', () => {
  it('last_result() in CEL answers the variable last_result, inside macros and optional chains too', () => {
    expect(evaluateCel('last_result().results.?max.orValue("now-60d")', { last_result: previous })).toBe('2026-01-02T03:04:05Z');
    expect(evaluateCel('last_result().results.?max.orValue("now-60d")', { last_result: { results: {} } })).toBe('now-60d');
    expect(evaluateCel('[1, 2].map(n, last_result().message + " " + string(n))', { last_result: previous })).toEqual(['3 files 1', '3 files 2']);
    expect(evaluatePlaybookCel('last_result().status && always()', { last_result: previous }, { failed: false, actions: {} })).toBe(true);
  });

  it('last_result() where no previous run is given says where it is available', () => {
    expect(() => evaluateCel('last_result().results', {})).toThrow(/last_result\(\) is not available here: only a check's expressions see their previous run/);
    expect(() => evaluateCel('last_result(1)', { last_result: previous })).toThrow(/no matching overload for 'last_result\(int\)'/);
  });

  it('last_result in a Go template is a function over the data\'s last_result', () => {
    const query = "{{- if last_result.results.rows }}'{{ (index last_result.results.rows 0).max }}'{{- else }}now(){{- end }}";
    expect(renderTemplate(query, { last_result: previous })).toBe("'then'");
    expect(renderTemplate(query, { last_result: { results: {} } })).toBe('now()');
    expect(renderTemplate('{{ .last_result.message }}', { last_result: previous })).toBe('3 files');
    expect(() => renderTemplate(query, {})).toThrow(/function "last_result" not defined/);
  });
});
