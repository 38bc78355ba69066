import { durationProperties } from '@pharos/core';
import { cn } from '../../../ui/cn';
import { controlClass, FieldFrame } from './field-frame';
import { labelOf, textControlProps, type ParameterFieldProps } from './field-props';

/** The durations offered when a duration parameter names none, as mission-control's run form offers them. */
export const DEFAULT_DURATION_OPTIONS = ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '1d', '2d', '3d', '7d', '30d'] as const;

/** A duration (`15m`, `1h30m`, `7d`): one of its options, or any other typed in; min and max are checked by the form. */
export function DurationParameter(props: ParameterFieldProps) {
  const { parameter, error } = props;
  const properties = durationProperties(parameter.properties);
  const options = properties.options ?? DEFAULT_DURATION_OPTIONS;
  const bounds = [properties.min && `at least ${properties.min}`, properties.max && `at most ${properties.max}`].filter(Boolean).join(', ');
  return (
    <FieldFrame label={labelOf(parameter)} required={parameter.required} description={parameter.description ?? (bounds ? `A duration, ${bounds}` : undefined)} error={error}>
      {(ids) => (
        <>
          <input
            {...textControlProps(props, ids)}
            type="text"
            list={`${ids.id}-options`}
            placeholder="Select duration"
            autoComplete="off"
            className={cn(controlClass, 'h-9')}
          />
          <datalist id={`${ids.id}-options`}>
            {options.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </>
      )}
    </FieldFrame>
  );
}
