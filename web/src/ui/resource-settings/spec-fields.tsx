import { activeFields, type ConnectionField, type ConnectionFormValues } from '@pharos/core';
import { useState } from 'react';
import { ConnectionFields, valueFieldError, type FieldState } from './connection-fields';
import { storedAt, valuesOf, withField } from './spec-codec';
import type { HealthCheckVariant } from './spec-variant';

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
  /** How the object is read into the fields' texts and written back, when not field by field at its path. */
  codec?: SpecFieldsCodec;
}

export interface SpecFieldsCodec {
  read: (value: Record<string, unknown>) => ConnectionFormValues;
  write: (value: Record<string, unknown>, key: string, text: string) => Record<string, unknown>;
}

const noConnections = () => [];

/** The health-check codec: each field at its path, with the definition's encodings. */
function fieldCodec(definition: SpecFieldsDefinition): SpecFieldsCodec {
  const variant = { type: '', title: '', defaults: {}, ...definition };
  return { read: (value) => valuesOf(variant, value), write: (value, key, text) => withField(variant, value, key, text) };
}

/**
 * An object of a spec edited with the connection form's field renderer: each field's text is read
 * from and written to its path. Text as typed ('a.log, ') stays while it still stands for what the
 * object holds.
 */
export function SpecFields({ definition, value, onChange, prefix, touched, disabled, connectionNames = noConnections, codec = fieldCodec(definition) }: SpecFieldsProps) {
  const [drafts, setDrafts] = useState<Readonly<Record<string, { text: string; stored: string }>>>({});
  const values = codec.read(value);
  for (const [key, draft] of Object.entries(drafts)) if (draft.stored === storedAt(value, key)) values[key] = draft.text;
  const state: FieldState = {
    values: prefixValues(values, prefix),
    set: (prefixed, text) => {
      const key = prefixed.slice(prefix.length);
      const changed = codec.write(value, key, String(text));
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
