import type { ParameterValue, PlaybookParameter } from '../api';

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
