import Anser from 'anser';
import { LinkifyIt } from 'linkify-it';
import type { CSSProperties, ReactNode } from 'react';
import { linkClass } from './link-styles';

/** Only web addresses become links: http and https, written out in full. */
const linkify = new LinkifyIt().set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
for (const schema of ['ftp:', '//', 'mailto:']) linkify.add(schema, null);

const WEB_URL = /^https?:\/\//i;

/** The text with its http and https addresses as links that open in a new tab. */
function withLinks(text: string, key: string): ReactNode[] {
  const matches = (linkify.match(text) ?? []).filter((match) => WEB_URL.test(match.url));
  if (matches.length === 0) return [text];
  const parts: ReactNode[] = [];
  let at = 0;
  matches.forEach((match, index) => {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={`${key}.${index}`} href={match.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {match.raw}
      </a>,
    );
    at = match.lastIndex;
  });
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function styleOf(entry: Anser.AnserJsonEntry): CSSProperties | undefined {
  const style: CSSProperties = {};
  const reversed = entry.decorations.includes('reverse');
  const fg = reversed ? entry.bg : entry.fg;
  const bg = reversed ? entry.fg : entry.bg;
  if (fg) style.color = `rgb(${fg})`;
  if (bg) style.backgroundColor = `rgb(${bg})`;
  if (entry.decorations.includes('bold')) style.fontWeight = 600;
  if (entry.decorations.includes('dim')) style.opacity = 0.7;
  if (entry.decorations.includes('italic')) style.fontStyle = 'italic';
  const lines = [entry.decorations.includes('underline') && 'underline', entry.decorations.includes('strikethrough') && 'line-through'].filter(Boolean);
  if (lines.length > 0) style.textDecoration = lines.join(' ');
  if (entry.decorations.includes('hidden')) style.visibility = 'hidden';
  return Object.keys(style).length > 0 ? style : undefined;
}

/**
 * Text with its ANSI colours and styles rendered (anser) and its http and https addresses as links
 * (linkify-it): log lines, a playbook action's stdout and stderr. Other schemes stay text.
 */
export function AnsiText({ text }: { text: string }) {
  const entries = Anser.ansiToJson(text, { json: true, remove_empty: true, use_classes: false });
  return (
    <>
      {entries.map((entry, index) => {
        const style = styleOf(entry);
        const content = withLinks(entry.content, String(index));
        return style ? (
          <span key={index} style={style}>
            {content}
          </span>
        ) : (
          <span key={index}>{content}</span>
        );
      })}
    </>
  );
}

/** The text without its ANSI sequences (for downloads). */
export function plainAnsiText(text: string): string {
  return Anser.ansiToJson(text, { json: true, remove_empty: true }).map((entry) => entry.content).join('');
}
