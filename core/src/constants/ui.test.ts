import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_OPTIONS, pageCount } from './ui.js';

describe('paging', () => {
  it('offers the generic page sizes', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
  });

  it('counts pages as total over size, rounded up', () => {
    expect(pageCount(0, 200)).toBe(0);
    expect(pageCount(1, 200)).toBe(1);
    expect(pageCount(200, 200)).toBe(1);
    expect(pageCount(201, 200)).toBe(2);
    expect(pageCount(10, 0)).toBe(0);
  });
});
