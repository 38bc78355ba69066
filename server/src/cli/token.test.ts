import { describe, expect, it } from 'vitest';
import { parseRoles } from './token.js';

describe('parseRoles', () => {
  it('accepts repeated options and comma lists, without duplicates', () => {
    expect(parseRoles(['admin', 'editor,viewer', ' admin '])).toEqual(['admin', 'editor', 'viewer']);
  });

  it('names an unknown role and the known ones', () => {
    expect(() => parseRoles(['root'])).toThrow('Unknown role "root"; expected one of admin, editor, viewer, commander, responder');
  });
});
