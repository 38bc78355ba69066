import { describe, expect, it } from 'vitest';
import { activeQuery, commentSegments, mentionedIds, mentionMarkup, toStoredText } from './mention-markup';

const ADA = { id: '0b5c3f7e-1111-4a4a-8b8b-000000000001', name: 'Ada Lovelace' };
const AL = { id: '0b5c3f7e-1111-4a4a-8b8b-000000000002', name: 'Ada' };

describe('mention markup', () => {
  it('stores a picked mention as @[Name](person:id), longest name first, and leaves a typed @ alone', () => {
    expect(mentionMarkup(ADA)).toBe(`@[Ada Lovelace](person:${ADA.id})`);
    expect(toStoredText('ping @Ada Lovelace and @Ada, not me@Ada or @Bob', [AL, ADA])).toBe(`ping ${mentionMarkup(ADA)} and ${mentionMarkup(AL)}, not me@Ada or @Bob`);
    expect(toStoredText('@Adam is someone else', [AL])).toBe('@Adam is someone else');
  });

  it('cuts stored text into text and mentions, and lists who is mentioned', () => {
    const stored = `${mentionMarkup(ADA)} look at this, ${mentionMarkup(ADA)}!`;
    expect(commentSegments(stored)).toEqual([
      { kind: 'mention', mention: ADA },
      { kind: 'text', text: ' look at this, ' },
      { kind: 'mention', mention: ADA },
      { kind: 'text', text: '!' },
    ]);
    expect(mentionedIds(stored)).toEqual([ADA.id]);
    expect(commentSegments('no mentions @[broken](people:1)')).toEqual([{ kind: 'text', text: 'no mentions @[broken](people:1)' }]);
  });

  it('finds the @query before the caret, allowing one space for a last name', () => {
    expect(activeQuery('hi @gr', 6)).toEqual({ start: 3, query: 'gr' });
    expect(activeQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeQuery('hi @grace ho', 12)).toEqual({ start: 3, query: 'grace ho' });
    expect(activeQuery('hi @grace hopper is', 19)).toBeNull();
    expect(activeQuery('mail me@host', 12)).toBeNull();
  });
});
