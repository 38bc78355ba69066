import { X } from 'lucide-react';
import type { KeyValueFilter } from './catalog-params';

export interface FilterChip {
  id: string;
  text: string;
  exclude: boolean;
  onRemove: () => void;
}

/** The active filters as chips (an excluded value is struck through), each removable. */
export function FilterChips({ chips }: { chips: readonly FilterChip[] }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip.id} className="inline-flex items-center gap-1 rounded-full border border-border bg-surface px-2 py-0.5 text-xs">
          <span>{chip.exclude ? `not ${chip.text}` : chip.text}</span>
          <button type="button" aria-label={`Remove filter ${chip.exclude ? 'not ' : ''}${chip.text}`} onClick={chip.onRemove} className="cursor-pointer rounded-full hover:bg-surface-muted">
            <X className="size-3" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function keyValueChips(kind: string, filters: readonly KeyValueFilter[], remove: (f: KeyValueFilter) => void): FilterChip[] {
  return filters.map((f) => ({ id: `${kind}:${f.key}:${f.value}`, text: `${f.key}: ${f.value}`, exclude: f.state === -1, onRemove: () => remove(f) }));
}
