import { describe, expect, it } from 'vitest';
import { parseSummaryRequest, parseValueFilter } from './summary-request.js';

describe('catalog summary request', () => {
  it('defaults to config_class,type over 30-day windows without deleted items', () => {
    expect(parseSummaryRequest({})).toEqual({
      groupBy: [
        { kind: 'column', name: 'config_class' },
        { kind: 'column', name: 'type' },
      ],
      deleted: false,
      labels: {},
      tags: {},
      health: null,
      status: null,
      type: null,
      changesSinceMs: 30 * 86_400_000,
      analysisSinceMs: 30 * 86_400_000,
      cost: '30d',
    });
  });

  it('reads tag groupings, a comma list groupBy and the label map with excludes', () => {
    const request = parseSummaryRequest({ groupBy: 'type,region__tag', filter: { team: 'a,!b', app: 'x\\,y' }, changes: { since: '7d' } });
    expect(request.groupBy).toEqual([
      { kind: 'column', name: 'type' },
      { kind: 'tag', name: 'region__tag', key: 'region' },
    ]);
    expect(request.labels).toEqual({ team: { include: ['a'], exclude: ['b'] }, app: { include: ['x,y'], exclude: [] } });
    expect(request.changesSinceMs).toBe(7 * 86_400_000);
  });

  it('reads the URL form of health and status: v:1 includes, v:-1 or !v excludes', () => {
    expect(parseValueFilter('healthy:1,warning:-1,!unknown,unhealthy', 'health')).toEqual({ include: ['healthy', 'unhealthy'], exclude: ['warning', 'unknown'] });
    expect(parseValueFilter(' , ', 'health')).toBeNull();
  });

  it('says which field is wrong', () => {
    expect(() => parseSummaryRequest([])).toThrow('The body must be a JSON object');
    expect(() => parseSummaryRequest({ deleted: 'yes' })).toThrow('deleted must be true or false');
    expect(() => parseSummaryRequest({ groupBy: ['name'] })).toThrow("groupBy 'name' is not one of");
    expect(() => parseSummaryRequest({ groupBy: [] })).toThrow('groupBy needs at least one column');
    expect(() => parseSummaryRequest({ cost: '90d' })).toThrow('cost must be one of 1d, 7d, 30d');
    expect(() => parseSummaryRequest({ analysis: '30d' })).toThrow('analysis must be an object such as {"since": "30d"}');
    expect(() => parseSummaryRequest({ filter: { team: 1 } })).toThrow('filter.team must be a string');
  });
});
