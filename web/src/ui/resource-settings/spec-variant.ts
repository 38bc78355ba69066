import type { ConnectionField } from '@pharos/core';

/** How a field's text is kept in the check's spec, when it is not plain text at its path. */
export type Encoding =
  /** A number when the text is one (the text otherwise, for the field to show why). */
  | 'number'
  /** A comma-separated list (`200, 201`); numbers stay numbers. */
  | 'list'
  /** `Name: value` per line, as a map. */
  | 'headerLines'
  /** `key=value` per line, as a map. */
  | 'pairLines'
  /** A secret-or-value field: `{value}` or `{valueFrom: …}`, shown as text or secret://name/key. */
  | 'envVar'
  /** The http authentication switch: none, or authentication.type. */
  | 'authType';

/** One form of spec 3 §3: a check type (its spec key), its fields and what a new one starts with. */
export interface HealthCheckVariant {
  /** The spec key of its list. */
  type: string;
  title: string;
  /** Field keys are paths in the check (`test.expr`, `filter.minAge`). */
  fields: readonly ConnectionField[];
  encodings: Readonly<Record<string, Encoding>>;
  defaults: Readonly<Record<string, unknown>>;
}
