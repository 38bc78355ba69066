import { activeFields, isRecord } from '@pharos/core';
import { entryValues } from './scraper-entry-codec';
import { SCRAPER_VARIANTS } from './scraper-variants';
import { valueFieldError } from '../../../ui/resource-settings/connection-fields';
import { parseSpec } from '../../../ui/resource-settings/spec-codec';

export interface ScraperFieldError {
  /** `{kind}.{index}.{field}`, the field's key in the form. */
  key: string;
  message: string;
}

export const entryPrefix = (kind: string, index: number) => `${kind}.${index}.`;

/** What the form's entries still need (spec 3 §5's required fields). A spec that is not YAML has none here: the YAML editor says why. */
export function scraperFieldErrors(text: string): ScraperFieldError[] {
  const spec = parseSpec(text);
  if (!spec) return [];
  const errors: ScraperFieldError[] = [];
  for (const variant of SCRAPER_VARIANTS) {
    const entries = spec[variant.type];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (!isRecord(entry)) return;
      const values = entryValues(variant, entry);
      for (const field of activeFields(variant.fields, values)) {
        const message = valueFieldError(field, { values, secretsSet: [], cleared: [] });
        if (message) errors.push({ key: entryPrefix(variant.type, index) + field.key, message });
      }
    });
  }
  return errors;
}

/** Where a field error is, as a person finds it on the form: 'File scraper 1: Icon'. */
export function fieldErrorPlace(key: string): string {
  const [kind, index, ...rest] = key.split('.');
  const variant = SCRAPER_VARIANTS.find((candidate) => candidate.type === kind);
  const fieldKey = rest.join('.');
  const label = variant?.fields.find((field) => 'key' in field && field.key === fieldKey)?.label ?? fieldKey;
  return variant ? `${variant.title} scraper ${Number(index) + 1}: ${label}` : key;
}
