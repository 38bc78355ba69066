import type { ResourceSearchResponse } from '@pharos/core';
import { HeartPulse, Library, Network, Search, type LucideIcon } from 'lucide-react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../ui/cn';
import { overlayClass } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { useResourceSearch } from './api/resource-search';

export interface SearchResult {
  kind: 'checks' | 'components' | 'configs';
  id: string;
  name: string;
  detail: string;
  /** Where Enter or a click goes. */
  to: string;
}

interface Group {
  kind: SearchResult['kind'];
  label: string;
  Icon: LucideIcon;
  results: SearchResult[];
  /** Position of the group's first result in the whole list (for the arrow keys). */
  start: number;
}

const GROUPS: { kind: SearchResult['kind']; label: string; Icon: LucideIcon; to: (id: string) => string }[] = [
  { kind: 'checks', label: 'Health checks', Icon: HeartPulse, to: (id) => `/health?${new URLSearchParams({ checkId: id }).toString()}` },
  { kind: 'components', label: 'Components', Icon: Network, to: (id) => `/topology/${encodeURIComponent(id)}` },
  { kind: 'configs', label: 'Catalog', Icon: Library, to: (id) => `/catalog/${encodeURIComponent(id)}` },
];

/** The search answer as groups of results in display order (empty groups left out). */
export function groupResults(response: ResourceSearchResponse | undefined): Group[] {
  if (!response) return [];
  const groups: Group[] = [];
  let start = 0;
  for (const { kind, label, Icon, to } of GROUPS) {
    const results = (response[kind] ?? []).map(
      (item): SearchResult => ({
        kind,
        id: item.id,
        name: item.name ?? item.id,
        detail: [item.type, item.namespace].filter(Boolean).join(' · '),
        to: to(item.id),
      }),
    );
    if (results.length === 0) continue;
    groups.push({ kind, label, Icon, results, start });
    start += results.length;
  }
  return groups;
}

/**
 * The global search (Cmd/Ctrl+K): health checks, components and catalog items by name, grouped by
 * kind; arrow keys move, Enter opens, Esc closes.
 */
export default function GlobalSearch({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const search = useResourceSearch(term);
  const groups = groupResults(search.settled === '' ? undefined : search.data);
  const flat = groups.flatMap((group) => group.results);
  const activeIndex = flat.length === 0 ? -1 : Math.min(active, flat.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const go = (result: SearchResult | undefined) => {
    if (!result) return;
    onOpenChange(false);
    void navigate(result.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(flat[activeIndex]);
    }
  };

  let status: string | null = null;
  if (term.trim() === '') status = 'Type to search health checks, components and catalog items.';
  else if (search.isError && flat.length === 0) status = search.error instanceof Error ? search.error.message : 'The search failed.';
  else if (!search.pending && search.isSuccess && flat.length === 0) status = `No results for “${term.trim()}”.`;

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[70vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-border bg-surface text-fg shadow-xl focus:outline-none"
        >
          <VisuallyHidden.Root asChild>
            <RadixDialog.Title>Search</RadixDialog.Title>
          </VisuallyHidden.Root>
          <div className="flex items-center gap-2 border-b border-border px-4">
            <Search className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
            <input
              autoFocus
              role="combobox"
              aria-label="Search health checks, components and catalog items"
              aria-expanded={flat.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              placeholder="Search health checks, components and catalog…"
              value={term}
              onChange={(event) => {
                setTerm(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-12 min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-fg-muted"
            />
            {search.pending && <Spinner label="Searching" className="text-fg-muted" />}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            <div id={listId} role="listbox" aria-label="Search results">
              {groups.map((group) => (
                <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className="mb-2 last:mb-0">
                  <div id={`${listId}-${group.kind}`} className="px-2 py-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                    {group.label}
                  </div>
                  {group.results.map((result, offset) => {
                    const position = group.start + offset;
                    const selected = position === activeIndex;
                    return (
                      <div
                        key={`${result.kind}:${result.id}`}
                        id={optionId(position)}
                        role="option"
                        aria-selected={selected}
                        onMouseMove={() => setActive(position)}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => go(result)}
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm',
                          selected ? 'bg-accent/10 text-fg' : 'text-fg',
                        )}
                      >
                        <group.Icon className={cn('size-4 shrink-0', selected ? 'text-accent' : 'text-fg-muted')} aria-hidden="true" />
                        <span className="min-w-0 flex-1 truncate">{result.name}</span>
                        {result.detail && <span className="shrink-0 truncate text-xs text-fg-muted">{result.detail}</span>}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
            {status && <p className="px-2 py-6 text-center text-sm text-fg-muted">{status}</p>}
          </div>
          <div className="flex gap-4 border-t border-border px-4 py-2 text-xs text-fg-muted">
            <span>↑↓ to move</span>
            <span>Enter to open</span>
            <span>Esc to close</span>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
