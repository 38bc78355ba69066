import { activeFields } from '@pharos/core';
import { useState } from 'react';
import { ConnectionFields, valueFieldError, type FieldState } from '../connections/connection-fields';
import { prefixFields, prefixValues, type Touched } from '../generic-resources/health-check-form/check-card';
import { storedAt, valuesOf, withField } from '../generic-resources/health-check-form/spec-codec';
import type { HealthCheckVariant } from '../generic-resources/health-check-form/variants';

/** Fields over one object of a spec, with how each is kept in it (the health-check codec's shape). */
export type SpecFieldsDefinition = Pick<HealthCheckVariant, 'fields' | 'encodings'>;

export interface SpecFieldsProps {
  definition: SpecFieldsDefinition;
  /** The object the fields read and write (a spec, or one entry of it). */
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** Unique within the form, e.g. `file.`. */
  prefix: string;
  touched: Touched;
  disabled: boolean;
  connectionNames?: (type: string) => string[];
}

const noConnections = () => [];

/**
 * An object of a spec edited with the connection form's field renderer: each field's text is read
 * from and written to its path. Text as typed ('a.log, ') stays while it still stands for what the
 * object holds.
 */
export function SpecFields({ definition, value, onChange, prefix, touched, disabled, connectionNames = noConnections }: SpecFieldsProps) {
  const variant = { type: '', title: '', defaults: {}, ...definition };
  const [drafts, setDrafts] = useState<Readonly<Record<string, { text: string; stored: string }>>>({});
  const values = valuesOf(variant, value);
  for (const [key, draft] of Object.entries(drafts)) if (draft.stored === storedAt(value, key)) values[key] = draft.text;
  const state: FieldState = {
    values: prefixValues(values, prefix),
    set: (prefixed, text) => {
      const key = prefixed.slice(prefix.length);
      const changed = withField(variant, value, key, String(text));
      setDrafts((previous) => ({ ...previous, [key]: { text: String(text), stored: storedAt(changed, key) } }));
      onChange(changed);
    },
    touch: touched.touch,
    shows: touched.shows,
    secretsSet: [],
    cleared: [],
    clear: () => undefined,
    disabled,
  };
  return <ConnectionFields fields={prefixFields(definition.fields, prefix)} state={state} connectionNames={connectionNames} />;
}

/** The messages the fields earn on an object (required, numbers), keyed by field. */
export function specFieldMessages(definition: SpecFieldsDefinition, value: Record<string, unknown>): Record<string, string> {
  const variant = { type: '', title: '', defaults: {}, ...definition };
  const values = valuesOf(variant, value);
  const messages: Record<string, string> = {};
  for (const field of activeFields(definition.fields, values)) {
    const message = valueFieldError(field, { values, secretsSet: [], cleared: [] });
    if (message) messages[field.key] = message;
  }
  return messages;
}
