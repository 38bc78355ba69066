import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import type { FilterState } from './filter-state';

export type { FilterState } from './filter-state';

export interface FilterToggleProps {
  /** The value being filtered on, as shown (e.g. a label value). */
  label: ReactNode;
  /** Accessible name of the value when `label` is not plain text. */
  name?: string;
  /** 1 include, -1 exclude, 0 neither. */
  value: FilterState;
  onChange: (value: FilterState) => void;
  /** An optional count shown after the label (e.g. matching checks). */
  count?: number;
  disabled?: boolean;
  className?: string;
}

const buttonClass =
  'inline-flex size-6 cursor-pointer items-center justify-center rounded border text-fg-muted ' +
  'hover:bg-surface-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A three-state filter on one value: an include and an exclude button; pressing the active one
 * again returns to neither. Both are plain buttons (Tab, Enter, Space) with aria-pressed.
 */
export function FilterToggle({ label, name, value, onChange, count, disabled, className }: FilterToggleProps) {
  const accessibleName = name ?? (typeof label === 'string' || typeof label === 'number' ? String(label) : '');
  const state = value === 1 ? 'include' : value === -1 ? 'exclude' : 'none';
  return (
    <div
      role="group"
      aria-label={accessibleName || undefined}
      data-state={state}
      className={cn('flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-surface-muted/60', className)}
    >
      <span
        className={cn(
          'min-w-0 flex-1 truncate',
          value === 1 && 'font-medium text-accent',
          value === -1 && 'text-danger line-through',
          value === 0 && 'text-fg',
        )}
        title={accessibleName || undefined}
      >
        {label}
      </span>
      {count !== undefined && <span className="text-xs text-fg-muted tabular-nums">{count}</span>}
      <span className="flex shrink-0 gap-1">
        <button
          type="button"
          aria-pressed={value === 1}
          aria-label={accessibleName ? `Include ${accessibleName}` : 'Include'}
          title="Include"
          disabled={disabled}
          onClick={() => onChange(value === 1 ? 0 : 1)}
          className={cn(buttonClass, value === 1 ? 'border-accent bg-accent text-accent-fg hover:bg-accent-hover hover:text-accent-fg' : 'border-border')}
        >
          <Plus className="size-3.5" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-pressed={value === -1}
          aria-label={accessibleName ? `Exclude ${accessibleName}` : 'Exclude'}
          title="Exclude"
          disabled={disabled}
          onClick={() => onChange(value === -1 ? 0 : -1)}
          className={cn(buttonClass, value === -1 ? 'border-danger bg-danger text-white hover:bg-danger hover:text-white' : 'border-border')}
        >
          <Minus className="size-3.5" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
