import { describe, expect, it } from 'vitest';
import { parseOrder } from './order.js';
import { parseQuery } from './query.js';
import { parsePrefer, parseRange } from './headers.js';

describe('parseQuery', () => {
  it('sorts parameters into levels of the embedding tree', () => {
    const query = parseQuery(
      new URLSearchParams('select=*,hypotheses(*)&status=eq.open&hypotheses.status=neq.disproven&hypotheses.order=created_at.desc&hypotheses.limit=2&hypotheses.not.or=(a.eq.1)&limit=10&offset=5&hypotheses.evidences.type=eq.log'),
    );
    expect(query.levels.get('')).toMatchObject({ limit: 10, offset: 5, conditions: [{ field: { name: 'status' } }] });
    expect(query.levels.get('hypotheses')).toMatchObject({ limit: 2, order: [{ field: { name: 'created_at' }, direction: 'desc' }] });
    expect(query.levels.get('hypotheses')?.conditions).toHaveLength(2);
    expect(query.levels.get('hypotheses.evidences')?.conditions).toHaveLength(1);
  });

  it('takes function arguments apart from filters', () => {
    const query = parseQuery(new URLSearchParams('config_id=abc&depth=eq.1'), new Set(['config_id']));
    expect(query.args.get('config_id')).toBe('abc');
    expect(query.levels.get('')?.conditions).toHaveLength(1);
  });

  it('refuses a non-numeric limit', () => {
    expect(() => parseQuery(new URLSearchParams('limit=1;drop'))).toThrow(/failed to parse/);
  });
});

describe('parseOrder', () => {
  it('reads direction, nulls and related columns', () => {
    expect(parseOrder('status.desc.nullslast,created_by(name).asc,labels->>env')).toEqual([
      { field: { name: 'status', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { relation: 'created_by', field: { name: 'name', jsonPath: [] }, direction: 'asc' },
      { field: { name: 'labels', jsonPath: [{ arrow: '->>', key: 'env' }] } },
    ]);
    expect(() => parseOrder('status.sideways')).toThrow(/failed to parse order/);
  });
});

describe('headers', () => {
  it('reads Prefer and Range', () => {
    expect(parsePrefer('return=representation, count=exact')).toEqual({ return: 'representation', count: 'exact', missingDefault: false });
    expect(parsePrefer(undefined).return).toBe('minimal');
    expect(parseRange('10-19')).toEqual({ offset: 10, limit: 10 });
    expect(parseRange('5-')).toEqual({ offset: 5 });
    expect(() => parseRange('9-1')).toThrow(/Requested range not satisfiable/);
  });
});
