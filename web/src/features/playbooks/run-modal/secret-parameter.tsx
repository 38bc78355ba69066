import { cn } from '../../../ui/cn';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, type ParameterFieldProps } from './field-props';

/** A secret: typed into a password field, never shown; the server seals it with the run. */
export function SecretParameter({ parameter, value, onChange, onBlur, error }: ParameterFieldProps) {
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          value={String(value)}
          required={parameter.required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className={cn(controlClass, 'h-9')}
        />
      )}
    </FieldFrame>
  );
}
