import { useState } from 'react';
import type { ParameterValue, PlaybookParameter } from '../api';
import { ParameterField } from './parameter-field';
import { initialValue, parameterError } from './parameter-rules';

export type ParameterValues = Record<string, ParameterValue>;

export const initialValues = (parameters: readonly PlaybookParameter[]): ParameterValues =>
  Object.fromEntries(parameters.map((parameter) => [parameter.name, initialValue(parameter)]));

/** Each parameter's message: its rule's, else its editor's first problem (code). */
export function parameterErrors(parameters: readonly PlaybookParameter[], values: ParameterValues, codeProblems: Readonly<Record<string, string | undefined>>) {
  return Object.fromEntries(parameters.map((parameter) => [parameter.name, parameterError(parameter, values[parameter.name]) ?? codeProblems[parameter.name]]));
}

export interface ParametersFormProps {
  parameters: readonly PlaybookParameter[];
  values: ParameterValues;
  onChange: (values: ParameterValues) => void;
  errors: Readonly<Record<string, string | undefined>>;
  onCodeProblem: (name: string, message: string | undefined) => void;
  /** Messages show for every field (after a submit), not only those left. */
  showAll: boolean;
}

/** A field per parameter; a field's message shows once it has been left. */
export function ParametersForm({ parameters, values, onChange, errors, onCodeProblem, showAll }: ParametersFormProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <div className="space-y-4">
      {parameters.map((parameter) => (
        <ParameterField
          key={parameter.name}
          parameter={parameter}
          value={values[parameter.name] ?? initialValue(parameter)}
          onChange={(value) => onChange({ ...values, [parameter.name]: value })}
          onBlur={() => setTouched((previous) => (previous.has(parameter.name) ? previous : new Set(previous).add(parameter.name)))}
          error={showAll || touched.has(parameter.name) ? errors[parameter.name] : undefined}
          onProblem={(message) => onCodeProblem(parameter.name, message)}
        />
      ))}
    </div>
  );
}
