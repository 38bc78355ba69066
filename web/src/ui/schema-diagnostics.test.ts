import { describe, expect, it } from 'vitest';
import { isValidDocument, lineOf, validateText } from './schema-diagnostics';

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['name', 'spec'],
  properties: {
    name: { type: 'string' },
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: {
        interval: { type: 'integer', minimum: 1 },
        http: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'url'],
            properties: { name: { type: 'string' }, url: { type: 'string' }, method: { enum: ['GET', 'POST'] } },
          },
        },
      },
    },
  },
};

describe('validateText (YAML)', () => {
  it('accepts a valid document and empty text', () => {
    const text = 'name: web\nspec:\n  interval: 30\n  http:\n    - name: home\n      url: https://example.com\n';
    expect(validateText(text, 'yaml', schema)).toEqual([]);
    expect(validateText('  \n', 'yaml', schema)).toEqual([]);
  });

  it('maps schema errors back to their lines', () => {
    const text = [
      'name: web', // 1
      'spec:', // 2
      '  interval: fast', // 3
      '  timeout: 5', // 4
      '  http:', // 5
      '    - name: home', // 6
      '      method: PATCH', // 7
    ].join('\n');
    const problems = validateText(text, 'yaml', schema);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'spec.interval: must be integer'],
      [4, "spec: must NOT have additional property 'timeout'"],
      [6, "spec.http[0]: must have required property 'url'"],
      [7, 'spec.http[0].method: must be one of "GET", "POST"'],
    ]);
    // The problem covers the offending value.
    const interval = problems[0];
    expect(text.slice(interval?.from, interval?.to)).toBe('fast');
    expect(isValidDocument(problems)).toBe(false);
  });

  it('marks a missing root property on the first line', () => {
    const problems = validateText('name: web\n', 'yaml', schema);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 1, message: "must have required property 'spec'", severity: 'error' });
  });

  it('reports syntax errors with their line and skips the schema', () => {
    const problems = validateText('name: web\nspec:\n  interval: [1, 2\n', 'yaml', schema);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.severity === 'error')).toBe(true);
    expect(problems[0]?.line).toBeGreaterThanOrEqual(3);
    expect(problems.some((p) => p.message.startsWith('spec'))).toBe(false);
  });

  it('reports duplicate keys', () => {
    const problems = validateText('name: a\nname: b\n', 'yaml');
    expect(problems[0]?.line).toBe(2);
  });
});

describe('validateText (JSON)', () => {
  it('maps schema errors back to their lines', () => {
    const text = JSON.stringify({ name: 'web', spec: { interval: 0, http: [{ name: 'x', url: 'u' }] } }, null, 2);
    const problems = validateText(text, 'json', schema);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBe(lineOf(text, text.indexOf('"interval"')));
    expect(problems[0]?.message).toBe('spec.interval: must be >= 1');
    expect(text.slice(problems[0]?.from, problems[0]?.to)).toBe('0');
  });

  it('reports a syntax error at its position', () => {
    const text = '{\n  "name": "web",\n  "spec": {,}\n}';
    const problems = validateText(text, 'json', schema);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBe(3);
    expect(isValidDocument(problems)).toBe(false);
  });

  it('needs no schema', () => {
    expect(validateText('{"a": 1}', 'json')).toEqual([]);
    expect(validateText('[1, 2', 'json')[0]?.severity).toBe('error');
  });
});
