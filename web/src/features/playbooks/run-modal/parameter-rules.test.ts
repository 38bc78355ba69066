import { describe, expect, it } from 'vitest';
import type { PlaybookParameter } from '../api';
import { initialValue, parameterError, paramsToSend, splitMemory } from './parameter-rules';

const text = (properties: PlaybookParameter['properties'], required = false): PlaybookParameter => ({ name: 'p', type: 'text', required, properties });

describe('parameter rules (spec 1 section 5)', () => {
  it('asks for a required value, and only for a required one', () => {
    expect(parameterError(text({}, true), '')).toBe('This field is required');
    expect(parameterError(text({}, true), '   ')).toBe('This field is required');
    expect(parameterError(text({ minLength: 3 }), '')).toBeUndefined();
    expect(parameterError({ name: 'c', type: 'checkbox', required: true }, false)).toBeUndefined();
  });

  it('honours minLength, maxLength and regex', () => {
    expect(parameterError(text({ minLength: 3 }), 'ab')).toBe('Must be at least 3 characters');
    expect(parameterError(text({ minLength: 3 }), 'abc')).toBeUndefined();
    expect(parameterError(text({ maxLength: 4 }), 'abcde')).toBe('Must be at most 4 characters');
    expect(parameterError(text({ regex: '^v\\d+$' }), 'v12')).toBeUndefined();
    expect(parameterError(text({ regex: '^v\\d+$' }), '12')).toBe('Must match ^v\\d+$');
  });

  it('honours min and max as numbers', () => {
    const replicas = text({ format: 'number', min: 1, max: 10 });
    expect(parameterError(replicas, '0')).toBe('Must be at least 1');
    expect(parameterError(replicas, '11')).toBe('Must be at most 10');
    expect(parameterError(replicas, '10')).toBeUndefined();
    expect(parameterError(replicas, 'ten')).toBe('Must be a number');
    expect(parameterError(text({ max: 5 }), '6')).toBe('Must be at most 5');
  });

  it('takes dns1123 names of lowercase alphanumerics with hyphens and dots only', () => {
    const name = text({ format: 'dns1123' });
    expect(parameterError(name, 'web-1.prod')).toBeUndefined();
    expect(parameterError(name, 'Web')).toMatch(/^Must be lowercase letters/);
    expect(parameterError(name, '-web')).toMatch(/^Must be lowercase letters/);
    expect(parameterError(name, 'web_1')).toMatch(/^Must be lowercase letters/);
  });

  it('takes memory as a number with Mi, Gi or Ti and CPU as a number with m', () => {
    const memory = text({ format: 'bytes' });
    expect(parameterError(memory, '512Mi')).toBeUndefined();
    expect(parameterError(memory, '1.5Gi')).toBeUndefined();
    expect(parameterError(memory, '512')).toBe('Enter a number with a unit of Mi, Gi or Ti');
    expect(parameterError(memory, '512MB')).toBe('Enter a number with a unit of Mi, Gi or Ti');
    expect(splitMemory('2Ti')).toEqual({ amount: '2', unit: 'Ti' });
    expect(splitMemory('64')).toEqual({ amount: '64', unit: 'Mi' });
    const cpu = text({ format: 'millicores' });
    expect(parameterError(cpu, '250m')).toBeUndefined();
    expect(parameterError(cpu, '250')).toBe('Enter a whole number of millicores, such as 250m');
    expect(parameterError(cpu, '0.5m')).toBe('Enter a whole number of millicores, such as 250m');
  });

  it('takes a list value only from its options', () => {
    const list: PlaybookParameter = { name: 'env', type: 'list', properties: { options: ['dev', { label: 'Production', value: 'prod' }] } };
    expect(parameterError(list, 'prod')).toBeUndefined();
    expect(parameterError(list, 'staging')).toBe('Choose one of the options');
  });

  it('starts from the rendered defaults and sends only what is filled in', () => {
    const parameters: PlaybookParameter[] = [
      { name: 'dry', type: 'checkbox', default: 'true' },
      { name: 'replicas', default: 3 },
      { name: 'note' },
    ];
    expect(parameters.map(initialValue)).toEqual([true, '3', '']);
    expect(paramsToSend(parameters, { dry: false, replicas: '3', note: '  ' })).toEqual({ dry: false, replicas: '3' });
  });
});
