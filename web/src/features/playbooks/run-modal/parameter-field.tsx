import { cn } from '../../../ui/cn';
import { Checkbox } from '../../../ui/checkbox';
import { FieldMessage } from '../../../ui/field-message';
import { CodeParameter } from './code-parameter';
import { DurationParameter } from './duration-parameter';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, textControlProps, type ParameterFieldProps } from './field-props';
import { optionsOf, parameterType } from './parameter-rules';
import { PickerParameter } from './picker-parameter';
import { SecretParameter } from './secret-parameter';
import { TextParameter } from './text-parameter';

function ListParameter(props: ParameterFieldProps) {
  const { parameter, error } = props;
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {(ids) => (
        <select {...textControlProps(props, ids)} className={cn(controlClass, 'h-9 cursor-pointer')}>
          <option value="">Select an option</option>
          {optionsOf(parameter).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** The field of a parameter's type (spec 1 section 3). */
export function ParameterField(props: ParameterFieldProps & { onProblem: (message: string | undefined) => void }) {
  const { parameter, value, onChange, onBlur, error, onProblem } = props;
  const type = parameterType(parameter);
  switch (type) {
    case 'checkbox':
      return (
        <Checkbox
          label={labelOf(parameter)}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          messages={parameter.description && <FieldMessage tone="info">{parameter.description}</FieldMessage>}
        />
      );
    case 'code':
      return <CodeParameter {...props} onProblem={onProblem} />;
    case 'duration':
      return <DurationParameter parameter={parameter} value={value} onChange={onChange} onBlur={onBlur} error={error} />;
    case 'secret':
      return <SecretParameter parameter={parameter} value={value} onChange={onChange} onBlur={onBlur} error={error} />;
    case 'list':
      return <ListParameter parameter={parameter} value={value} onChange={onChange} onBlur={onBlur} error={error} />;
    case 'team':
    case 'people':
    case 'component':
    case 'config':
    case 'check':
      return <PickerParameter parameter={parameter} value={value} onChange={onChange} onBlur={onBlur} error={error} type={type} />;
    default:
      return <TextParameter parameter={parameter} value={value} onChange={onChange} onBlur={onBlur} error={error} />;
  }
}
