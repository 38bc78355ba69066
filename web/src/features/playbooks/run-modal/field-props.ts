import type { ChangeEvent } from 'react';
import type { ParameterValue, PlaybookParameter } from '../api';
import type { FieldControlIds } from './field-frame';

/** What every parameter field gets from the run form. */
export interface ParameterFieldProps {
  parameter: PlaybookParameter;
  value: ParameterValue;
  onChange: (value: ParameterValue) => void;
  /** The field was left: its message may show now. */
  onBlur: () => void;
  /** The message to show (undefined while valid or untouched). */
  error?: string;
}

/** The label of a parameter: its label, else its name. */
export const labelOf = (parameter: PlaybookParameter): string => parameter.label || parameter.name;

/** The props a text-valued input, textarea or select of a parameter takes: its ids, value and the form's handlers. */
export function textControlProps({ parameter, value, onChange, onBlur }: ParameterFieldProps, { id, describedBy, invalid }: FieldControlIds) {
  return {
    id,
    value: String(value),
    required: parameter.required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value),
    onBlur,
  };
}
