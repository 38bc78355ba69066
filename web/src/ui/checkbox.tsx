import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  messages?: ReactNode;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox. */
export function Checkbox({ label, messages, invalid, id, className, ref, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messagesId = `${inputId}-messages`;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={invalid || undefined}
          aria-describedby={messages ? messagesId : undefined}
          className="size-4 rounded border-border-strong accent-[var(--accent)]"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-fg">
          {label}
        </label>
      </div>
      {messages && <div id={messagesId}>{messages}</div>}
    </div>
  );
}
