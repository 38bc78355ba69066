import { activeFields, isRecord } from '@pharos/core';
import { valueFieldError } from '../../../../ui/resource-settings/connection-fields';
import { parseSpec, valuesOf } from '../../../../ui/resource-settings/spec-codec';
import { HEALTH_CHECK_VARIANTS } from './variants';

export interface SpecFieldError {
  /** The field's key in the form: `{type}.{index}.{path}`. */
  key: string;
  message: string;
}

/** The prefix of a check's field keys in the form. */
export const checkPrefix = (type: string, index: number) => `${type}.${index}.`;

/**
 * What the form's checks still need (required fields, numbers, minimum 0). A spec that is not YAML
 * has none here: the YAML editor shows its problems, and a document that does not parse is not applied.
 */
export function specFieldErrors(text: string): SpecFieldError[] {
  const spec = parseSpec(text);
  if (!spec) return [];
  const errors: SpecFieldError[] = [];
  for (const variant of HEALTH_CHECK_VARIANTS) {
    const entries = spec[variant.type];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (!isRecord(entry)) return;
      const values = valuesOf(variant, entry);
      for (const field of activeFields(variant.fields, values)) {
        const message = valueFieldError(field, { values, secretsSet: [], cleared: [] });
        if (message) errors.push({ key: checkPrefix(variant.type, index) + field.key, message });
      }
    });
  }
  return errors;
}
