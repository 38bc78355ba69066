import { describe, expect, it } from 'vitest';
import { formatCount } from './count.js';

describe('formatCount', () => {
  it('shows counts up to 999 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });

  it('shows counts over 999 as Nk+', () => {
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(1999)).toBe('1k+');
    expect(formatCount(12_345)).toBe('12k+');
  });
});
