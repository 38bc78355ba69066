import { describe, expect, it } from 'vitest';
import { tristateClauses } from './filter-clauses';

describe('three-state filter clauses', () => {
  it('includes with in, excludes with not.in, quoting reserved characters', () => {
    expect(tristateClauses('status', '')).toEqual([]);
    expect(tristateClauses('status', 'SUCCESS:-1')).toEqual([{ column: 'status', operator: 'not.in', value: '(SUCCESS)' }]);
    expect(tristateClauses('name', 'a:1,b (x):1,c,d"e:-1')).toEqual([
      { column: 'name', operator: 'in', value: '(a,"b (x)")' },
      { column: 'name', operator: 'not.in', value: '("d\\"e")' },
    ]);
  });
});
