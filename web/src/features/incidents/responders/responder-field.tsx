import { useId } from 'react';
import { cn } from '../../../ui/cn';
import { FieldLabel } from '../../../ui/field-label';
import { FieldMessage } from '../../../ui/field-message';
import { inputClass } from '../../../ui/text-input';
import type { ResponderOption } from './types';

export interface ResponderFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The validation message to show, if any. */
  error?: string;
  /** A note under the field (e.g. why its choices could not be loaded). */
  note?: string;
  multiline?: boolean;
  /** Choices: a select instead of free text. */
  options?: readonly ResponderOption[];
  /** A select still waiting for its choices, or for the field it depends on. */
  placeholder?: string;
  disabled?: boolean;
}

/** One required field of a team responder: a text box, a text area or a select of remote choices. */
export function ResponderField({ label, value, onChange, onBlur, error, note, multiline, options, placeholder, disabled }: ResponderFieldProps) {
  const id = useId();
  const messagesId = `${id}-messages`;
  const common = {
    id,
    value,
    required: true,
    disabled,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || note ? messagesId : undefined,
  } as const;
  return (
    <div>
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      {options ? (
        <select {...common} onChange={(event) => onChange(event.target.value)} className={cn(inputClass, 'cursor-pointer')}>
          <option value="">{placeholder ?? `Select ${label}`}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} className={cn(inputClass, 'h-auto py-2')} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} className={inputClass} />
      )}
      {(error || note) && (
        <div id={messagesId}>
          {error && <FieldMessage tone="error">{error}</FieldMessage>}
          {note && <FieldMessage tone="info">{note}</FieldMessage>}
        </div>
      )}
    </div>
  );
}
