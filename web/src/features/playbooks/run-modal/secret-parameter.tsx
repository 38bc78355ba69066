import { cn } from '../../../ui/cn';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, textControlProps, type ParameterFieldProps } from './field-props';

/** A secret: typed into a password field, never shown; the server seals it with the run. */
export function SecretParameter(props: ParameterFieldProps) {
  const { parameter, error } = props;
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {(ids) => <input {...textControlProps(props, ids)} type="password" autoComplete="new-password" className={cn(controlClass, 'h-9')} />}
    </FieldFrame>
  );
}
