import { describe, expect, it } from 'vitest';
import { encodeColumnsParam, fitLayout, moveColumn, parseColumnsParam } from './column-layout';

describe('column layout', () => {
  it('fits a stored layout to the columns of today: unknown ones dropped, new ones after their neighbour', () => {
    const stored = { order: ['type', 'count', 'health', 'changes'], hidden: ['changes', 'gone'], widths: { count: 5, health: 9999, gone: 100 } };
    // Grouped by region instead of type: the grouping column comes first, as the table puts it.
    expect(fitLayout(stored, ['region', 'count', 'health', 'changes', 'analysis'])).toEqual({
      order: ['region', 'count', 'health', 'changes', 'analysis'],
      hidden: ['changes'],
      widths: { count: 48, health: 1200 },
    });
    expect(fitLayout('junk', ['a'])).toBeNull();
  });

  it('writes and reads the columns parameter of a shared view', () => {
    const layout = { order: ['status', 'name', 'age'], hidden: ['age'], widths: { status: 200 } };
    expect(encodeColumnsParam(layout)).toBe('status:200,name');
    expect(parseColumnsParam('status:200,name,unknown', ['name', 'status', 'age'])).toEqual(layout);
    expect(parseColumnsParam('unknown', ['name'])).toBeNull();
  });

  it('moves a column past hidden ones and stops at the ends', () => {
    const layout = { order: ['a', 'b', 'c'], hidden: ['b'], widths: {} };
    expect(moveColumn(layout, 'c', -1).order).toEqual(['c', 'a', 'b']);
    expect(moveColumn(layout, 'a', -1)).toBe(layout);
  });
});
