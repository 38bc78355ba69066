import { useId } from 'react';
import { cn } from '../../ui/cn';
import { inputClass } from '../../ui/text-input';
import type { SelectOption } from '../../ui/inline-select';

const selectClass = cn(inputClass, 'h-9 w-auto cursor-pointer text-fg');

/** A native select with its visible label (the filters and the create dialog). */
export function LabelledSelect({
  label,
  value,
  options,
  onChange,
  all,
  allLabel = 'All',
  className,
  disabledReason,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first choice meaning no filter, with this value. */
  all?: string;
  /** The text of that first choice. */
  allLabel?: string;
  className?: string;
  /** Why the value may not be changed: the select is disabled and says so on hover. */
  disabledReason?: string | null;
}) {
  const id = useId();
  // The label names the select alone (wrapping it would add the chosen option to the name).
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm text-fg-muted', className)} title={disabledReason ?? undefined}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={Boolean(disabledReason)} className={cn(selectClass, 'disabled:cursor-not-allowed disabled:opacity-70')}>
        {all !== undefined && <option value={all}>{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {value && value !== all && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
      </select>
    </span>
  );
}
