import type { ConnectionField, ConnectionFormValues, ValueField } from '@pharos/core';
import { Checkbox } from '../checkbox';
import { FieldMessage } from '../field-message';
import { fieldError } from '../form-validation';
import { TextArea } from '../text-area';
import { TextInput } from '../text-input';
import { EnvVarField } from './env-var-field';
import { SelectField } from './select-field';

export interface FieldState {
  values: ConnectionFormValues;
  set: (key: string, value: string | boolean) => void;
  touch: (key: string) => void;
  shows: (key: string) => boolean;
  /** Secrets that are saved (and kept while their field stays empty). */
  secretsSet: readonly string[];
  /** Saved secrets the person chose to remove. */
  cleared: readonly string[];
  clear: (key: string) => void;
  disabled: boolean;
}

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : '');

/** The message of a value field once touched: required (unless a saved secret stands in), and numbers. */
export function valueFieldError(field: ValueField, state: Pick<FieldState, 'values' | 'secretsSet' | 'cleared'>): string | undefined {
  if (field.kind === 'checkbox') return undefined;
  const kept = state.secretsSet.includes(field.key) && !state.cleared.includes(field.key);
  return fieldError(state.values[field.key], { required: Boolean(field.required) && !kept, number: field.kind === 'numberInput', ...(field.min !== undefined ? { min: field.min } : {}) });
}

function ValueInput({ field, state }: { field: ValueField; state: FieldState }) {
  const message = state.shows(field.key) ? valueFieldError(field, state) : undefined;
  const hint = field.hint && field.kind !== 'EnvVarSource' ? field.hint : undefined;
  // A hint holds the line an error takes; without one the error floats in the gap below.
  const messages = message ? (
    <FieldMessage tone="error" floating={!hint}>
      {message}
    </FieldMessage>
  ) : hint ? (
    <FieldMessage tone="info">{hint}</FieldMessage>
  ) : undefined;
  const common = { onBlur: () => state.touch(field.key), disabled: state.disabled, invalid: Boolean(message), messages, className: 'relative' };
  switch (field.kind) {
    case 'checkbox':
      return <Checkbox label={field.label} checked={state.values[field.key] === true} onChange={(event) => state.set(field.key, event.target.checked)} disabled={state.disabled} />;
    case 'select':
      return (
        <SelectField
          label={field.label}
          required={field.required}
          options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
          value={text(state.values[field.key])}
          onChange={(event) => state.set(field.key, event.target.value)}
          {...common}
        />
      );
    case 'EnvVarSource':
      return (
        <EnvVarField
          label={field.label}
          required={field.required}
          value={text(state.values[field.key])}
          onChange={(value) => state.set(field.key, value)}
          onBlur={() => state.touch(field.key)}
          secret={field.secret}
          multiline={field.multiline}
          saved={state.secretsSet.includes(field.key) && !state.cleared.includes(field.key)}
          onRemoveSaved={() => state.clear(field.key)}
          hint={field.hint}
          messages={
            message ? (
              <FieldMessage tone="error" floating={!field.hint}>
                {message}
              </FieldMessage>
            ) : undefined
          }
          disabled={state.disabled}
        />
      );
    default:
      if (field.multiline)
        return (
          <TextArea
            dense
            label={field.label}
            required={field.required}
            spellCheck={false}
            value={text(state.values[field.key])}
            onChange={(event) => state.set(field.key, event.target.value)}
            {...common}
          />
        );
      return (
        <TextInput
          label={field.label}
          required={field.required}
          inputMode={field.kind === 'numberInput' ? 'numeric' : undefined}
          value={text(state.values[field.key])}
          onChange={(event) => state.set(field.key, event.target.value)}
          {...common}
        />
      );
  }
}

/** The fields of a connection type, built from its form definition (input, numberInput, checkbox, EnvVarSource, SwitchField, authentication, GroupField, ConnectionSwitch). */
export function ConnectionFields({ fields, state, connectionNames }: { fields: readonly ConnectionField[]; state: FieldState; connectionNames: (type: string) => string[] }) {
  return (
    <>
      {fields.map((field) => {
        switch (field.kind) {
          case 'authentication':
            return (
              <fieldset key="authentication" className="grid gap-6 sm:grid-cols-2">
                <legend className="sr-only">{field.label}</legend>
                <ValueInput field={{ kind: 'EnvVarSource', key: 'username', label: field.usernameLabel ?? 'Username', required: field.required }} state={state} />
                <ValueInput field={{ kind: 'EnvVarSource', key: 'password', label: field.passwordLabel ?? 'Password', required: field.required, secret: true }} state={state} />
              </fieldset>
            );
          case 'GroupField':
            return (
              <fieldset key={field.label} className="grid gap-6 rounded-md border border-border p-3">
                <legend className="px-1 text-[0.8125rem] font-medium">{field.label}</legend>
                {field.fields.map((inner) => (
                  <ValueInput key={inner.key} field={inner} state={state} />
                ))}
              </fieldset>
            );
          case 'SwitchField': {
            const chosen = text(state.values[field.key]) || field.default;
            const option = field.options.find((candidate) => candidate.value === chosen) ?? field.options[0];
            return (
              <fieldset key={field.key} className="grid gap-6">
                <legend className="mb-1 text-[0.8125rem] font-medium">{field.label}</legend>
                <div role="radiogroup" aria-label={field.label} className="flex gap-4">
                  {field.options.map((candidate) => (
                    <label key={candidate.value} className="flex items-center gap-1.5 text-sm">
                      <input type="radio" name={field.key} value={candidate.value} checked={candidate.value === chosen} onChange={() => state.set(field.key, candidate.value)} disabled={state.disabled} />
                      {candidate.label}
                    </label>
                  ))}
                </div>
                {option?.fields.map((inner) => (
                  <ValueInput key={inner.key} field={inner} state={state} />
                ))}
              </fieldset>
            );
          }
          case 'ConnectionSwitch': {
            const named = text(state.values[field.key]);
            const names = connectionNames(field.connectionType);
            return (
              <fieldset key={field.key} className="grid gap-6">
                <legend className="mb-1 text-[0.8125rem] font-medium">{field.label}</legend>
                <SelectField
                  label={`Use a saved ${field.connectionType.toUpperCase()} connection`}
                  placeholder="None: enter the credentials below"
                  options={names.map((name) => ({ value: name, label: name }))}
                  value={named}
                  onChange={(event) => state.set(field.key, event.target.value)}
                  disabled={state.disabled}
                />
                {!named && field.fields.map((inner) => <ValueInput key={inner.key} field={inner} state={state} />)}
              </fieldset>
            );
          }
          default:
            return <ValueInput key={field.key} field={field} state={state} />;
        }
      })}
    </>
  );
}
