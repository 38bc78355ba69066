import { describe, expect, it } from 'vitest';
import { durationSpecProblems, durationValueProblem } from './duration-parameter.js';

describe('duration parameters', () => {
  it('read Go durations with days and keep to min and max', () => {
    expect(durationValueProblem('1h30m', { min: '5m', max: '2d' })).toBeUndefined();
    expect(durationValueProblem('2d', { max: '2d' })).toBeUndefined();
    expect(durationValueProblem('3d', { max: '2d' })).toBe('must be at most 2d');
    expect(durationValueProblem('-5m', {})).toBe('must be a positive duration');
    expect(durationValueProblem('5 minutes', {})).toBe("must be a duration such as 30s, 15m, 1h30m or 7d, not '5 minutes'");
  });

  it('find what mission-control refuses in the spec: bad bounds, min above max, a default or option outside them', () => {
    expect(durationSpecProblems({ name: 'w', default: '15m', properties: { min: '5m', options: ['5m', '15m', '30d'] } })).toEqual([]);
    expect(durationSpecProblems({ name: 'w', properties: { min: 'soon' } })).toEqual(["parameter w has a min that is not a duration: 'soon'"]);
    expect(durationSpecProblems({ name: 'w', properties: { min: '1h', max: '5m' } })).toEqual(['parameter w has a min (1h) greater than its max (5m)']);
    expect(durationSpecProblems({ name: 'w', default: '1m', properties: { min: '5m', options: ['1m'] } })).toEqual([
      'parameter w: its default must be at least 5m',
      "parameter w: option '1m' must be at least 5m",
    ]);
    expect(durationSpecProblems({ name: 'w', default: '{{.config.retention}}', properties: { min: '5m' } })).toEqual([]);
  });
});
