import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../ui/cn';
import { usePeople } from '../api';
import { activeQuery, toStoredText, type Mention } from './mention-markup';

/** People offered at most at once. */
const MAX_OPTIONS = 8;

/**
 * A comment's text box with @mentions: typing `@` offers the people whose name matches what
 * follows; picking one (click, Enter or Tab) writes `@Name`. `onChange` gets the text as shown and
 * as stored, where each picked mention is `@[Name](person:id)`.
 */
export function MentionInput({
  label,
  value,
  onChange,
  placeholder,
  rows = 3,
  className,
}: {
  label: string;
  value: string;
  onChange: (display: string, stored: string) => void;
  placeholder?: string;
  rows?: number;
  className?: string;
}) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const people = usePeople();
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  // Where the caret goes once the text with a picked mention is rendered (before any further key).
  const caretAfterPick = useRef<number | null>(null);

  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !ref.current) return;
    caretAfterPick.current = null;
    ref.current.focus();
    ref.current.setSelectionRange(at, at);
  });

  const needle = query?.query.trim().toLowerCase() ?? '';
  const options = query
    ? (people.data ?? []).filter((person) => person.name && person.name.toLowerCase().includes(needle)).slice(0, MAX_OPTIONS)
    : [];
  const open = options.length > 0;

  const emit = (display: string, known: readonly Mention[]) => onChange(display, toStoredText(display, known));

  const follow = (text: string, caret: number) => {
    setQuery(activeQuery(text, caret));
    setActive(0);
  };

  const pick = (person: { id: string; name: string | null }) => {
    if (!query || !person.name) return;
    const caret = ref.current?.selectionStart ?? value.length;
    const inserted = `@${person.name} `;
    const next = `${value.slice(0, query.start)}${inserted}${value.slice(caret)}`;
    const known = [...mentions.filter((m) => m.name !== person.name), { id: person.id, name: person.name }];
    setMentions(known);
    setQuery(null);
    emit(next, known);
    caretAfterPick.current = query.start + inserted.length;
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery(null);
    }
  };

  return (
    <div className="relative">
      <textarea
        ref={ref}
        aria-label={label}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        value={value}
        rows={rows}
        placeholder={placeholder}
        onChange={(event) => {
          emit(event.target.value, mentions);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={keyDown}
        onClick={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setQuery(null)}
        className={cn('w-full rounded-md border border-border-strong bg-surface p-2 text-sm text-fg', className)}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label="People" className="absolute z-30 mt-1 max-h-60 w-64 overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg">
          {options.map((person, index) => (
            <li
              key={person.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep the focus in the text box so the caret stays where the mention goes.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
              className={cn('cursor-pointer px-3 py-1.5', index === active && 'bg-surface-muted')}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
