import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldLabel } from './field-label';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Messages shown beneath the field (e.g. `<FieldMessage>`s); linked with aria-describedby. */
  messages?: ReactNode;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass =
  'block w-full h-9 rounded-md border bg-surface px-3 text-sm text-fg placeholder:text-fg-muted ' +
  'border-border-strong focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 ' +
  'disabled:bg-surface-muted disabled:text-fg-muted aria-[invalid=true]:border-danger';

/** A labelled single-line input. */
export function TextInput({ label, messages, invalid, id, className, ref, ...rest }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messagesId = `${inputId}-messages`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} required={rest.required}>
        {label}
      </FieldLabel>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={messages ? messagesId : undefined}
        className={inputClass}
        {...rest}
      />
      {messages && <div id={messagesId}>{messages}</div>}
    </div>
  );
}
