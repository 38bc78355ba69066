import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.js';
import { parseSelect } from './select.js';

describe('parseSelect', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,title:name,size::text,labels->>env,spec->a->0')).toEqual([
      { kind: 'column', field: { name: 'id', jsonPath: [] } },
      { kind: 'column', field: { name: 'name', jsonPath: [] }, alias: 'title' },
      { kind: 'column', field: { name: 'size', jsonPath: [] }, cast: 'text' },
      { kind: 'column', field: { name: 'labels', jsonPath: [{ arrow: '->>', key: 'env' }] } },
      { kind: 'column', field: { name: 'spec', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->', key: 0 }] } },
    ]);
  });

  it('reads embeds with alias, hint, inner and nesting', () => {
    expect(parseSelect('*,owner:people!commander_id!inner(id,name),hypotheses(*,evidences(id))')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'people',
        alias: 'owner',
        hint: 'commander_id',
        inner: true,
        spread: false,
        select: [
          { kind: 'column', field: { name: 'id', jsonPath: [] } },
          { kind: 'column', field: { name: 'name', jsonPath: [] } },
        ],
      },
      {
        kind: 'embed',
        name: 'hypotheses',
        inner: false,
        spread: false,
        select: [{ kind: 'star' }, { kind: 'embed', name: 'evidences', inner: false, spread: false, select: [{ kind: 'column', field: { name: 'id', jsonPath: [] } }] }],
      },
    ]);
  });

  it('keeps quoted names whole, whatever they contain', () => {
    expect(parseSelect('"a,b(c)"')).toEqual([{ kind: 'column', field: { name: 'a,b(c)', jsonPath: [] } }]);
  });

  it.each(['id,', 'rel(id', 'id)', 'id::text;drop table people', 'id::text from people', 'a!inner'])('refuses malformed select %s', (raw) => {
    const error = catchError(() => parseSelect(raw));
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('parseSelect limits', () => {
  const nested = (depth: number): string => `${'a('.repeat(depth)}id${')'.repeat(depth)}`;

  it('accepts 6 levels of embeds and refuses 7, naming the limit', () => {
    expect(() => parseSelect(nested(6))).not.toThrow();
    expect(() => parseSelect(nested(7))).toThrow(/embedDepth = 6/);
  });

  it('refuses the 21st embed and the 101st item', () => {
    const embeds = (n: number): string => Array.from({ length: n }, (_, i) => `e${i}:created_by(id)`).join(',');
    expect(() => parseSelect(embeds(20))).not.toThrow();
    expect(() => parseSelect(embeds(21))).toThrow(/embedCount = 20/);
    expect(() => parseSelect(Array.from({ length: 101 }, () => 'id').join(','))).toThrow(/selectItems = 100/);
  });
});
