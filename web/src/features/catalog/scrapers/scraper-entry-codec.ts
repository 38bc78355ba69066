import { isRecord, type ConnectionFormValues } from '@pharos/core';
import { FILES_KEY, type ScraperVariant } from './scraper-variants';
import { valuesOf, withField } from '../../../ui/resource-settings/spec-codec';

export type ScraperEntry = Record<string, unknown>;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? [value] : []);

/** The form's values of an entry, read with the health-check codec; kubernetesFile's files as one list. */
export function entryValues(variant: ScraperVariant, entry: ScraperEntry): ConnectionFormValues {
  const values = valuesOf(variant, entry);
  if (variant.type === 'kubernetesFile') {
    const files = Array.isArray(entry[FILES_KEY]) ? entry[FILES_KEY].filter(isRecord) : [];
    values[FILES_KEY] = files.flatMap((file) => strings(file['path'])).join(', ');
  }
  return values;
}

/** The entry with one field changed. */
export function withEntryField(variant: ScraperVariant, entry: ScraperEntry, key: string, text: string): ScraperEntry {
  if (variant.type === 'kubernetesFile' && key === FILES_KEY) {
    const paths = text.split(',').map((path) => path.trim()).filter(Boolean);
    const next = { ...entry };
    if (paths.length === 0) delete next[FILES_KEY];
    else next[FILES_KEY] = [{ path: paths }];
    return next;
  }
  return withField(variant, entry, key, text);
}
