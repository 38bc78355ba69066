import { useState, type ReactNode } from 'react';

export interface ShowMoreListProps<T> {
  items: readonly T[];
  /** Items shown while collapsed (spec 2 §4: 6 on the left, 5 on the right). */
  visible: number;
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  className?: string;
}

/** A list showing its first `visible` items and 'show more ...' for the rest. */
export function ShowMoreList<T>({ items, visible, itemKey, renderItem, label, className }: ShowMoreListProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, visible);
  const hidden = items.length - visible;
  return (
    <div className={className}>
      <ul aria-label={label} className="flex flex-col gap-1">
        {shown.map((item, index) => (
          <li key={itemKey(item, index)} className="min-w-0">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 cursor-pointer rounded-sm text-xs text-accent hover:underline"
        >
          {expanded ? 'show less' : 'show more ...'}
        </button>
      )}
    </div>
  );
}
