import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../cn';
import { inputClass } from '../text-input';

export interface SelectFieldOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectFieldOption[];
  /** The first, empty choice (e.g. 'Select a role'). */
  placeholder?: string;
  messages?: ReactNode;
  invalid?: boolean;
}

/** A labelled native select, styled as the text inputs. */
export function SelectField({ label, options, placeholder, messages, invalid, id, className, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const messagesId = `${selectId}-messages`;
  return (
    <div className={className}>
      <label
        htmlFor={selectId}
        className={cn(
          'mb-1 block text-[0.8125rem] font-medium text-fg',
          rest.required && "after:ml-0.5 after:text-danger after:content-['*']",
        )}
      >
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={invalid || undefined}
        aria-describedby={messages ? messagesId : undefined}
        className={cn(inputClass, 'cursor-pointer')}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {messages && <div id={messagesId}>{messages}</div>}
    </div>
  );
}
