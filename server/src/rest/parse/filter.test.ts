import { describe, expect, it } from 'vitest';
import { parseFieldKey, parseFilter, parseLogic } from './filter.js';

const status = { name: 'status', jsonPath: [] };

describe('parseFilter', () => {
  it('reads operator and value, keeping dots and commas of the value', () => {
    expect(parseFilter(status, 'eq.a.b,c')).toEqual({ kind: 'filter', field: status, negate: false, operator: 'eq', value: { kind: 'scalar', value: 'a.b,c' } });
  });

  it('reads not., in-lists with quoted items, is and quantifiers', () => {
    expect(parseFilter(status, 'not.in.(open,"a,b",closed)')).toMatchObject({ negate: true, operator: 'in', value: { kind: 'list', values: ['open', 'a,b', 'closed'] } });
    expect(parseFilter(status, 'is.NULL').value).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilter(status, 'like(any).{a*,b*}').value).toEqual({ kind: 'quantified', quantifier: 'any', values: ['a*', 'b*'] });
    expect(parseFilter(status, 'fts(english).cat & dog').value).toEqual({ kind: 'fts', language: 'english', value: 'cat & dog' });
  });

  it('refuses unknown operators and bad is values', () => {
    expect(() => parseFilter(status, 'equals.1')).toThrow(/failed to parse filter/);
    expect(() => parseFilter(status, 'is.maybe')).toThrow(/failed to parse filter/);
    expect(() => parseFilter(status, 'eq')).toThrow(/failed to parse filter/);
    expect(() => parseFilter(status, 'in.open,closed')).toThrow(/failed to parse filter/);
  });

  it('reads JSON paths in filter keys', () => {
    expect(parseFieldKey('labels->>env')).toEqual({ name: 'labels', jsonPath: [{ arrow: '->>', key: 'env' }] });
  });
});

describe('parseLogic', () => {
  it('reads nested and/or/not trees with quoted values', () => {
    const tree = parseLogic('or', false, '(status.eq.open,and(severity.in.(high,"a,b"),title.not.ilike.*x*),not.or(id.is.null,title.eq."(),"))');
    expect(tree).toEqual({
      kind: 'logic',
      operator: 'or',
      negate: false,
      children: [
        { kind: 'filter', field: status, negate: false, operator: 'eq', value: { kind: 'scalar', value: 'open' } },
        {
          kind: 'logic',
          operator: 'and',
          negate: false,
          children: [
            { kind: 'filter', field: { name: 'severity', jsonPath: [] }, negate: false, operator: 'in', value: { kind: 'list', values: ['high', 'a,b'] } },
            { kind: 'filter', field: { name: 'title', jsonPath: [] }, negate: true, operator: 'ilike', value: { kind: 'scalar', value: '*x*' } },
          ],
        },
        {
          kind: 'logic',
          operator: 'or',
          negate: true,
          children: [
            { kind: 'filter', field: { name: 'id', jsonPath: [] }, negate: false, operator: 'is', value: { kind: 'is', value: 'null' } },
            { kind: 'filter', field: { name: 'title', jsonPath: [] }, negate: false, operator: 'eq', value: { kind: 'scalar', value: '(),' } },
          ],
        },
      ],
    });
  });

  it.each(['status.eq.open', '(status.eq.open', '(status.eq.open))', '(status.bogus.1)'])('refuses malformed tree %s', (raw) => {
    expect(() => parseLogic('or', false, raw)).toThrow(/failed to parse/);
  });
});

describe('parseLogic limits', () => {
  it('refuses and/or nested deeper than 8 levels', () => {
    const tree = (depth: number): string => {
      let text = 'a.eq.1';
      for (let level = 1; level < depth; level++) text = `and(${text})`;
      return `(${text})`;
    };
    expect(() => parseLogic('or', false, tree(8))).not.toThrow();
    expect(() => parseLogic('or', false, tree(9))).toThrow(/logicDepth = 8/);
  });

  it('refuses more than 100 filters and groups', () => {
    const list = (n: number): string => `(${Array.from({ length: n }, (_, i) => `a.eq.${i}`).join(',')})`;
    expect(() => parseLogic('or', false, list(99))).not.toThrow();
    expect(() => parseLogic('or', false, list(100))).toThrow(/conditions = 100/);
  });
});
