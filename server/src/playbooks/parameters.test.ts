import { describe, expect, it } from 'vitest';
import { checkParameters } from './parameters.js';

const problems = (parameters: Record<string, unknown>[], given: unknown): string[] => {
  try {
    checkParameters(parameters, given);
    return [];
  } catch (error) {
    return (error as { problems: string[] }).problems;
  }
};

describe('run parameters', () => {
  it('takes given values, fills defaults and turns checkbox texts into booleans', () => {
    expect(
      checkParameters(
        [{ name: 'reason' }, { name: 'force', type: 'checkbox' }, { name: 'count', default: '3' }, { name: 'size', type: 'list', properties: { options: ['s', 'l'] } }],
        { reason: 'leak', force: 'true', size: 'l' },
      ),
    ).toEqual({ reason: 'leak', force: true, count: '3', size: 'l' });
  });

  it('applies the text rules of spec 1 section 5: lengths, regex, dns1123, numbers, memory and CPU', () => {
    expect(problems([{ name: 'a', properties: { minLength: 3 } }], { a: 'ab' })).toEqual(['a must be at least 3 characters']);
    expect(problems([{ name: 'a', properties: { maxLength: 2 } }], { a: 'abc' })).toEqual(['a must be at most 2 characters']);
    expect(problems([{ name: 'a', label: 'Ticket', properties: { regex: '^[A-Z]+-\\d+$' } }], { a: 'ops 1' })).toEqual(['a (Ticket) must match ^[A-Z]+-\\d+$']);
    expect(problems([{ name: 'a', properties: { format: 'dns1123' } }], { a: 'web-01.shop' })).toEqual([]);
    expect(problems([{ name: 'a', properties: { format: 'number', min: 1 } }], { a: '0' })).toEqual(['a must be at least 1']);
    expect(problems([{ name: 'a', properties: { format: 'bytes' } }], { a: '512Mi' })).toEqual([]);
    expect(problems([{ name: 'a', properties: { format: 'bytes' } }], { a: '512MB' })).toEqual(['a must be a number with Mi, Gi or Ti, such as 512Mi']);
    expect(problems([{ name: 'a', properties: { format: 'millicores' } }], { a: '1.5' })).toEqual(['a must be a number with m, such as 250m']);
  });

  it('wants ids for resource pickers, true or false for checkboxes, and objects for params', () => {
    expect(problems([{ name: 'owner', type: 'people' }], { owner: 'ada' })).toEqual(['owner must be the id of a person']);
    expect(problems([{ name: 'ok', type: 'checkbox' }], { ok: 'yes' })).toEqual(['ok must be true or false']);
    expect(problems([], ['x'])).toEqual(['params must be an object of parameter names and values']);
  });

  it('checks durations against min and max, and takes secrets as written', () => {
    const window = { name: 'window', type: 'duration', default: '15m', properties: { min: '5m', max: '7d', options: ['5m', '15m'] } };
    expect(checkParameters([window], {})).toEqual({ window: '15m' });
    expect(checkParameters([window], { window: '1d' })).toEqual({ window: '1d' });
    expect(problems([window], { window: '4m' })).toEqual(['window must be at least 5m']);
    expect(problems([window], { window: '8d' })).toEqual(['window must be at most 7d']);
    expect(problems([window], { window: '15' })).toEqual(["window must be a duration such as 30s, 15m, 1h30m or 7d, not '15'"]);
    expect(checkParameters([{ name: 'token', type: 'secret', properties: { minLength: 50 } }], { token: 'short' })).toEqual({ token: 'short' });
    expect(problems([{ name: 'token', type: 'secret' }], { token: '<sealed>' })).toEqual(['token is a secret kept sealed in the run it was copied from: type it again']);
  });
});
