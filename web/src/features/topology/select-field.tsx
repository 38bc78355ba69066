import { useId } from 'react';
import { cn } from '../../ui/cn';

export interface SelectOption {
  value: string;
  label: string;
}

const selectClass =
  'h-9 max-w-48 cursor-pointer rounded-md border border-border-strong bg-surface px-2 text-sm text-fg ' +
  'focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30';

/** A labelled native select of the dashboard's toolbar. */
export function SelectField({ label, value, options, onChange, className }: { label: string; value: string; options: readonly SelectOption[]; onChange: (value: string) => void; className?: string }) {
  const id = useId();
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="text-fg-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
