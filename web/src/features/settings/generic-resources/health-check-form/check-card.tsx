import type { ConnectionField, ConnectionFormValues } from '@pharos/core';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../../ui/button';
import { ConnectionFields, type FieldState } from '../../connections/connection-fields';
import { useState } from 'react';
import { storedAt, valuesOf, withField, type CheckEntry } from './spec-codec';
import type { HealthCheckVariant } from './variants';

/** What the card needs of the form's touched state (shared with the rest of the settings form). */
export interface Touched {
  touch: (key: string) => void;
  shows: (key: string) => boolean;
}

/** The fields with their keys under `prefix`, so that two checks of a form never share a key (or a radio group). */
export function prefixFields(fields: readonly ConnectionField[], prefix: string): ConnectionField[] {
  return fields.map((field): ConnectionField => {
    switch (field.kind) {
      case 'authentication':
        return field;
      case 'GroupField':
        return { ...field, fields: field.fields.map((inner) => ({ ...inner, key: prefix + inner.key })) };
      case 'SwitchField':
        return { ...field, key: prefix + field.key, options: field.options.map((option) => ({ ...option, fields: option.fields.map((inner) => ({ ...inner, key: prefix + inner.key })) })) };
      case 'ConnectionSwitch':
        return { ...field, key: prefix + field.key, fields: field.fields.map((inner) => ({ ...inner, key: prefix + inner.key })) };
      default:
        return { ...field, key: prefix + field.key };
    }
  });
}

export function prefixValues(values: ConnectionFormValues, prefix: string): ConnectionFormValues {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [prefix + key, value]));
}

export interface CheckCardProps {
  variant: HealthCheckVariant;
  entry: CheckEntry;
  /** Unique per check of the form, e.g. `http.0.`. */
  prefix: string;
  onChange: (entry: CheckEntry) => void;
  onRemove: () => void;
  touched: Touched;
  disabled: boolean;
  connectionNames: (type: string) => string[];
}

/** One check of the canary, edited with its type's form (the connection form's field renderer). */
export function CheckCard({ variant, entry, prefix, onChange, onRemove, touched, disabled, connectionNames }: CheckCardProps) {
  const name = typeof entry['name'] === 'string' && entry['name'] !== '' ? entry['name'] : 'new check';
  // Text as typed ('200, ' or a header line without its colon yet) stays while it still stands for what the spec holds.
  const [drafts, setDrafts] = useState<Readonly<Record<string, { text: string; stored: string }>>>({});
  const values = valuesOf(variant, entry);
  for (const [key, draft] of Object.entries(drafts)) if (draft.stored === storedAt(entry, key)) values[key] = draft.text;
  const state: FieldState = {
    values: prefixValues(values, prefix),
    set: (prefixed, value) => {
      const key = prefixed.slice(prefix.length);
      const changed = withField(variant, entry, key, String(value));
      setDrafts((previous) => ({ ...previous, [key]: { text: String(value), stored: storedAt(changed, key) } }));
      onChange(changed);
    },
    touch: touched.touch,
    shows: touched.shows,
    secretsSet: [],
    cleared: [],
    clear: () => undefined,
    disabled,
  };
  return (
    <fieldset aria-label={`${variant.title} check ${name}`} className="flex flex-col gap-6 rounded-md border border-border p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        {variant.title}: {name}
      </legend>
      <ConnectionFields fields={prefixFields(variant.fields, prefix)} state={state} connectionNames={connectionNames} />
      {!disabled && (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove {name}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
