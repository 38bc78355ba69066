import { cn } from '../../../ui/cn';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, textControlProps, type ParameterFieldProps } from './field-props';
import { DEFAULT_MEMORY_UNIT, MEMORY_UNITS, millicoresAmount, propertiesOf, splitMemory, type MemoryUnit } from './parameter-rules';
import { useState } from 'react';

/** HTML input types a `format` may name directly; any other format is plain text. */
const INPUT_TYPES = new Set(['number', 'email', 'url', 'tel', 'date', 'datetime-local', 'time', 'password', 'color']);

const inputClass = cn(controlClass, 'h-9');

/** Memory: a number and a unit of Mi, Gi or Ti (default Mi); the value is e.g. `512Mi`. */
function MemoryInput({ parameter, value, onChange, onBlur, error }: ParameterFieldProps) {
  const split = splitMemory(String(value));
  const [unit, setUnit] = useState<MemoryUnit>(String(value) === '' ? DEFAULT_MEMORY_UNIT : split.unit);
  const amount = String(value) === '' ? '' : split.amount;
  const emit = (nextAmount: string, nextUnit: MemoryUnit) => onChange(nextAmount.trim() === '' ? '' : `${nextAmount.trim()}${nextUnit}`);
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="flex gap-2">
          <input
            id={id}
            type="number"
            min={0}
            inputMode="decimal"
            value={amount}
            required={parameter.required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => emit(event.target.value, unit)}
            onBlur={onBlur}
            className={inputClass}
          />
          <div className="w-24 shrink-0">
            <select
              aria-label={`${labelOf(parameter)} unit`}
              value={unit}
              onChange={(event) => {
                const next = event.target.value as MemoryUnit;
                setUnit(next);
                emit(amount, next);
              }}
              className={cn(controlClass, 'h-9 cursor-pointer')}
            >
              {MEMORY_UNITS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </FieldFrame>
  );
}

/** CPU: a whole number of millicores with an `m` suffix; the value is e.g. `250m`. */
function MillicoresInput({ parameter, value, onChange, onBlur, error }: ParameterFieldProps) {
  const amount = millicoresAmount(String(value));
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="number"
            min={0}
            step={1}
            value={amount}
            required={parameter.required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value.trim() === '' ? '' : `${event.target.value.trim()}m`)}
            onBlur={onBlur}
            className={inputClass}
          />
          <span className="text-sm text-fg-muted">m</span>
        </div>
      )}
    </FieldFrame>
  );
}

const isMultiline = (multiline: unknown) => multiline === true || multiline === 'true';

/**
 * A text parameter: one line or several (`multiline`), a number or another input type (`format`),
 * memory (`bytes`), CPU (`millicores`) or a DNS-1123 name; min, max, minLength, maxLength and regex
 * are checked by the form.
 */
export function TextParameter(props: ParameterFieldProps) {
  const { parameter, error } = props;
  const properties = propertiesOf(parameter);
  if (properties.format === 'bytes') return <MemoryInput {...props} />;
  if (properties.format === 'millicores') return <MillicoresInput {...props} />;
  const lengths = { minLength: properties.minLength, maxLength: properties.maxLength };
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description} error={error}>
      {(ids) =>
        isMultiline(properties.multiline) ? (
          <textarea {...textControlProps(props, ids)} {...lengths} rows={4} className={cn(controlClass, 'py-2')} />
        ) : (
          <input
            {...textControlProps(props, ids)}
            {...lengths}
            type={properties.format && INPUT_TYPES.has(properties.format) ? properties.format : 'text'}
            min={properties.min}
            max={properties.max}
            className={inputClass}
          />
        )
      }
    </FieldFrame>
  );
}
