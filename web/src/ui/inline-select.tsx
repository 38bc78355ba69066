import { useId } from 'react';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface InlineSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first, empty choice (e.g. 'Select a component'). */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

const selectClass =
  'h-9 min-w-0 cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg ' +
  'focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 disabled:cursor-not-allowed disabled:opacity-60';

/** A native select with its label beside it: a toolbar dropdown (Group By, a component picker…). */
export function InlineSelect({ label, value, options, onChange, placeholder, disabled, className }: InlineSelectProps) {
  const id = useId();
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="shrink-0 text-fg-muted">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
