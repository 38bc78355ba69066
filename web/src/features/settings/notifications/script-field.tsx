import { NOTIFICATION_SCRIPT_TYPES } from '@pharos/core';
import { cn } from '../../../ui/cn';
import { TextArea } from '../../../ui/text-area';
import { withScriptType, type NotificationFormValues, type ScriptType } from './form-values';

const PLACEHOLDERS: Readonly<Record<Exclude<ScriptType, 'None'>, string>> = {
  'Go Template': '{{ .check.name }} is {{ .check.status }}',
  Javascript: '`${check.name} is ${check.status}`',
  Expr: 'check.name + " is " + check.status',
  JSONPath: '$.check.name',
};

interface ScriptFieldProps {
  values: NotificationFormValues;
  onChange: (values: NotificationFormValues) => void;
  disabled?: boolean;
}

/** The body template and the language it is written in; choosing another language clears it. */
export function ScriptField({ values, onChange, disabled }: ScriptFieldProps) {
  const type = values.scriptType;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-[0.8125rem] font-medium text-fg">Template</legend>
      <div role="radiogroup" aria-label="Script type" className="inline-flex w-fit overflow-hidden rounded-md border border-border-strong">
        {NOTIFICATION_SCRIPT_TYPES.map((option) => (
          <label
            key={option}
            className={cn(
              'cursor-pointer border-r border-border-strong px-3 py-1.5 text-[0.8125rem] last:border-r-0 has-[:focus-visible]:outline-2',
              option === type ? 'bg-accent text-accent-fg' : 'bg-surface text-fg hover:bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name="script-type"
              value={option}
              checked={option === type}
              onChange={() => onChange(withScriptType(values, option))}
              className="sr-only"
            />
            {option}
          </label>
        ))}
      </div>
      {type !== 'None' && (
        <TextArea
          label="Template body"
          aria-description={type}
          rows={6}
          value={values.template}
          placeholder={PLACEHOLDERS[type]}
          onChange={(event) => onChange({ ...values, template: event.target.value })}
        />
      )}
    </fieldset>
  );
}
