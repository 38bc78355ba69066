import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.js';

describe('formatBytes', () => {
  it('keeps whole bytes under 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('uses base 1024 with up to two decimals', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(1.234 * 1024 ** 3)).toBe('1.23 GB');
    expect(formatBytes(1000)).toBe('1000 B');
  });

  it('runs through every unit up to YB', () => {
    const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
    units.forEach((unit, i) => expect(formatBytes(1024 ** i)).toBe(`1 ${unit}`));
    expect(formatBytes(2048 * 1024 ** 8)).toBe('2048 YB');
  });

  it('moves up a unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('handles negative and non-finite values', () => {
    expect(formatBytes(-2048)).toBe('-2 KB');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});
