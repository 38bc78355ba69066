import { DEBOUNCE_MS } from '@pharos/core';
import { Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from './cn';

export interface SearchBoxProps {
  /** Accessible name. Default 'Search'. */
  label?: string;
  placeholder?: string;
  /** The committed text (controlled); the field follows it when it changes from outside. */
  value?: string;
  /** Called with the text once typing pauses for `delay` ms, and at once on Enter or clear. */
  onChange?: (value: string) => void;
  /** Default 400 ms (DEBOUNCE_MS.filterSearch). */
  delay?: number;
  /** Keeps the text in this query parameter (absent when empty). Needs a router. */
  urlParam?: string;
  /** Query parameters removed when the text changes (e.g. `pageIndex`). */
  resetParams?: readonly string[];
  autoFocus?: boolean;
  className?: string;
}

interface DebouncedSearchProps extends Omit<SearchBoxProps, 'urlParam' | 'resetParams' | 'value' | 'onChange'> {
  value: string;
  onCommit: (value: string) => void;
}

function DebouncedSearch({
  label = 'Search',
  placeholder,
  value,
  onCommit,
  delay = DEBOUNCE_MS.filterSearch,
  autoFocus,
  className,
}: DebouncedSearchProps) {
  const [text, setText] = useState(value);
  // The last text reported; follows `value` when it changes from outside (back button, a reset).
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
    setCommitted(value);
  }
  const commit = (next: string) => {
    setCommitted(next);
    onCommit(next);
  };
  const commitLater = useEffectEvent(commit);

  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => commitLater(text), delay);
    return () => clearTimeout(timer);
  }, [text, committed, delay]);

  const commitNow = (next: string) => {
    setText(next);
    if (next !== committed) commit(next);
  };

  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-muted" aria-hidden="true" />
      <input
        type="search"
        role="searchbox"
        aria-label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitNow(text);
          else if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            commitNow('');
          }
        }}
        className={cn(
          'block h-9 w-full rounded-md border border-border-strong bg-surface pr-8 pl-8 text-sm text-fg placeholder:text-fg-muted',
          'focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 [&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {text !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => commitNow('')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 cursor-pointer rounded p-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

function UrlSearchBox({ urlParam, resetParams, onChange, ...rest }: SearchBoxProps & { urlParam: string }) {
  const [search, setSearch] = useSearchParams();
  const value = search.get(urlParam) ?? '';
  const commit = (next: string) => {
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === '') params.delete(urlParam);
        else params.set(urlParam, next);
        for (const name of resetParams ?? []) params.delete(name);
        return params;
      },
      { replace: true },
    );
    onChange?.(next);
  };
  return <DebouncedSearch {...rest} value={value} onCommit={commit} />;
}

/** A search field that reports its text after a pause in typing; optionally kept in the URL. */
export function SearchBox(props: SearchBoxProps) {
  const { urlParam, resetParams: _resetParams, value = '', onChange, ...rest } = props;
  if (urlParam) return <UrlSearchBox {...props} urlParam={urlParam} />;
  return <DebouncedSearch {...rest} value={value} onCommit={(next) => onChange?.(next)} />;
}
