/** A person mentioned in a comment. */
export interface Mention {
  id: string;
  name: string;
}

/**
 * How a mention is kept in a comment's text: `@[Name](person:id)`, stable when the person is
 * renamed elsewhere and readable as plain text.
 */
export const mentionMarkup = ({ id, name }: Mention): string => `@[${name.replace(/[[\]]/g, '')}](person:${id})`;

const MARKUP = /@\[([^\]]*)\]\(person:([0-9A-Za-z-]+)\)/g;

export type CommentSegment = { kind: 'text'; text: string } | { kind: 'mention'; mention: Mention };

/** The comment's text cut into plain text and mentions. */
export function commentSegments(text: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKUP)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'mention', mention: { name: match[1]!, id: match[2]! } });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The ids of the people a comment mentions, each once. */
export const mentionedIds = (text: string): string[] => [...new Set([...text.matchAll(MARKUP)].map((match) => match[2]!))];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text to store: each `@Name` the writer picked from the list becomes its markup (longest
 * names first, so 'Ada Lovelace' wins over 'Ada'); an `@` typed without picking stays text.
 */
export function toStoredText(display: string, mentions: readonly Mention[]): string {
  const byName = new Map(mentions.map((mention) => [mention.name, mention]));
  if (byName.size === 0) return display;
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(^|[^\\w@])@(${names.join('|')})(?![\\w])`, 'g');
  return display.replace(pattern, (_all, before: string, name: string) => `${before}${mentionMarkup(byName.get(name)!)}`);
}

/** The `@query` being typed just before the caret, with where it starts; null when none. */
export function activeQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,40}(?: [^\s@]{0,40})?)$/.exec(text.slice(0, caret));
  if (!match) return null;
  // One space is allowed so that a first and last name can be typed; a second ends the mention.
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}
