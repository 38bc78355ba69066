import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { cn } from './cn';
import { FilterTrigger } from './filter-trigger';

export interface MultiSelectOption {
  value: string;
  /** Shown text; defaults to the value. */
  label?: string;
}

export interface MultiSelectProps {
  /** Name of the field (e.g. the label key); shown before the summary and used as accessible name. */
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Summary while nothing is chosen. Default 'All'. */
  placeholder?: string;
  /** Offers 'Select all'. Default true. */
  selectAll?: boolean;
  disabled?: boolean;
  className?: string;
}

/** From this many chosen values the summary is 'including N labels'. */
export const MULTI_SELECT_SUMMARY_AT = 4;
/** Options are filterable by typing when there are more than this many. */
const FILTER_ABOVE = 10;

/** The summary of the chosen values: their labels, or 'including N labels' from four on. */
export function multiSelectSummary(labels: readonly string[], placeholder = 'All'): string {
  if (labels.length === 0) return placeholder;
  if (labels.length >= MULTI_SELECT_SUMMARY_AT) return `including ${labels.length} labels`;
  return labels.join(', ');
}

const optionClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-fg hover:bg-surface-muted';
const boxClass = 'size-4 shrink-0 rounded border-border-strong accent-[var(--accent)]';

/** Chooses several values from a list (with select-all), in a popover under a summary button. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'All',
  selectAll = true,
  disabled,
  className,
}: MultiSelectProps) {
  const [filter, setFilter] = useState('');
  const listId = useId();
  const chosen = new Set(value);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const summary = multiSelectSummary(
    value.filter((v) => options.some((o) => o.value === v)).map(labelOf),
    placeholder,
  );
  const allChosen = options.length > 0 && options.every((o) => chosen.has(o.value));
  const someChosen = !allChosen && options.some((o) => chosen.has(o.value));
  const needle = filter.trim().toLowerCase();
  const visible = needle ? options.filter((o) => (o.label ?? o.value).toLowerCase().includes(needle)) : options;

  const toggle = (v: string) => {
    if (chosen.has(v)) onChange(value.filter((x) => x !== v));
    else onChange([...value, v]);
  };

  return (
    <Popover.Root onOpenChange={(open) => !open && setFilter('')}>
      <FilterTrigger label={label} summary={summary} disabled={disabled} className={className} />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-64 rounded-md border border-border bg-surface p-1 text-fg shadow-lg focus:outline-none"
        >
          {options.length > FILTER_ABOVE && (
            <input
              type="search"
              aria-label={`Filter ${label}`}
              aria-controls={listId}
              placeholder="Filter"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              className="mb-1 h-8 w-full rounded border border-border-strong bg-surface px-2 text-sm focus:border-accent focus:outline-none"
            />
          )}
          {selectAll && options.length > 0 && !needle && (
            <label className={cn(optionClass, 'border-b border-border font-medium')}>
              <input
                type="checkbox"
                className={boxClass}
                checked={allChosen}
                ref={(el) => {
                  if (el) el.indeterminate = someChosen;
                }}
                onChange={() => onChange(allChosen ? [] : options.map((o) => o.value))}
              />
              Select all
            </label>
          )}
          <div id={listId} role="group" aria-label={label} className="max-h-72 overflow-auto">
            {visible.map((option) => (
              <label key={option.value} className={optionClass}>
                <input
                  type="checkbox"
                  className={boxClass}
                  checked={chosen.has(option.value)}
                  onChange={() => toggle(option.value)}
                />
                <span className="min-w-0 truncate">{option.label ?? option.value}</span>
              </label>
            ))}
            {visible.length === 0 && <p className="px-2 py-1.5 text-sm text-fg-muted">No options</p>}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
