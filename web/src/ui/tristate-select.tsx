import { Popover } from 'radix-ui';
import { FilterTrigger } from './filter-trigger';
import { parseFilterStates, serializeFilterStates, withFilterState } from './filter-state';
import { FilterToggle } from './filter-toggle';

export interface TristateOption {
  value: string;
  /** Shown text; defaults to the value. */
  label?: string;
}

export interface TristateSelectProps {
  /** Name of the filter; shown before the summary and used as accessible name. */
  label: string;
  options: readonly TristateOption[];
  /** The states in their URL form, `a:1,b:-1` (empty: no filter). */
  value: string;
  onChange: (value: string) => void;
  /** Summary while nothing is included or excluded. Default 'All'. */
  placeholder?: string;
  isLoading?: boolean;
  className?: string;
}

/** The summary of the chosen states: included values as they are, excluded ones after 'not'. */
export function tristateSummary(value: string, options: readonly TristateOption[], placeholder = 'All'): string {
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const entries = Object.entries(parseFilterStates(value));
  if (entries.length === 0) return placeholder;
  return entries.map(([v, state]) => (state === 1 ? labelOf(v) : `not ${labelOf(v)}`)).join(', ');
}

/**
 * A filter of several values, each included, excluded or neither (the three-state filter), in a
 * popover under a summary button. The value is the URL form the data queries read.
 */
export function TristateSelect({ label, options, value, onChange, placeholder = 'All', isLoading, className }: TristateSelectProps) {
  const states = parseFilterStates(value);
  const summary = tristateSummary(value, options, placeholder);
  return (
    <Popover.Root>
      <FilterTrigger label={label} summary={summary} summaryClassName="max-w-56" className={className} />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={label}
          className="z-50 w-72 rounded-md border border-border bg-surface p-1 text-fg shadow-lg focus:outline-none"
        >
          <div className="max-h-80 overflow-auto">
            {options.map((option) => (
              <FilterToggle
                key={option.value}
                label={option.label ?? option.value}
                value={states[option.value] ?? 0}
                onChange={(state) => onChange(serializeFilterStates(withFilterState(states, option.value, state)))}
              />
            ))}
            {options.length === 0 && (
              <p className="px-2 py-1.5 text-sm text-fg-muted">{isLoading ? 'Loading…' : 'No options'}</p>
            )}
          </div>
          {Object.keys(states).length > 0 && (
            <button
              type="button"
              onClick={() => onChange('')}
              className="mt-1 w-full cursor-pointer rounded border-t border-border px-2 py-1.5 text-left text-sm text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              Clear
            </button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
