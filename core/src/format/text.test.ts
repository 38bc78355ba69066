import { describe, expect, it } from 'vitest';
import { avatarInitials, truncate } from './text.js';

describe('avatarInitials', () => {
  it('uses the first letters of the first two words', () => {
    expect(avatarInitials('John Smith')).toBe('JS');
    expect(avatarInitials('jane van dyke')).toBe('JV');
    expect(avatarInitials('  Ada   Lovelace ')).toBe('AL');
  });

  it('handles one word and empty names', () => {
    expect(avatarInitials('admin')).toBe('A');
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials(null)).toBe('');
  });
});

describe('truncate', () => {
  it('keeps text up to max unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('', 3)).toBe('');
  });

  it("cuts longer text to max and appends '...'", () => {
    expect(truncate('hello world', 5)).toBe('hello...');
    expect(truncate('a'.repeat(60), 50)).toBe(`${'a'.repeat(50)}...`);
  });
});
