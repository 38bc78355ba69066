import { Minus, Plus } from 'lucide-react';

/**
 * A config's tags (or labels) as chips; each can include or exclude its key and value as a filter
 * of the list. The first is shown, then '+N more' (spec 2 section 9).
 */
export function TagChips({
  values,
  kind,
  onFilter,
}: {
  values: Readonly<Record<string, string>>;
  kind: 'tag' | 'label';
  onFilter: (key: string, value: string, state: 1 | -1) => void;
}) {
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  const [first, ...rest] = entries;
  const [key, value] = first!;
  return (
    <span className="inline-flex items-center gap-1">
      <span className="inline-flex items-center gap-0.5 rounded border border-border px-1 text-xs" title={entries.map(([k, v]) => `${k}: ${v}`).join('\n')}>
        {key}: {value}
        <button
          type="button"
          aria-label={`Include ${kind} ${key}: ${value}`}
          className="cursor-pointer rounded p-0.5 hover:bg-surface-muted"
          onClick={(event) => {
            event.stopPropagation();
            onFilter(key, value, 1);
          }}
        >
          <Plus className="size-3" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label={`Exclude ${kind} ${key}: ${value}`}
          className="cursor-pointer rounded p-0.5 hover:bg-surface-muted"
          onClick={(event) => {
            event.stopPropagation();
            onFilter(key, value, -1);
          }}
        >
          <Minus className="size-3" aria-hidden="true" />
        </button>
      </span>
      {rest.length > 0 && <span className="text-xs text-fg-muted">+{rest.length} more</span>}
    </span>
  );
}
