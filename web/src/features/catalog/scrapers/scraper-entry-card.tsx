import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { entryValues, withEntryField, type ScraperEntry } from './scraper-entry-codec';
import type { ScraperVariant } from './scraper-variants';
import { ConnectionFields, prefixFields, prefixValues, storedAt, type FieldState, type Touched } from './settings-parts';

export interface ScraperEntryCardProps {
  variant: ScraperVariant;
  entry: ScraperEntry;
  index: number;
  /** Unique per entry of the form, e.g. `file.0.`. */
  prefix: string;
  onChange: (entry: ScraperEntry) => void;
  onRemove: () => void;
  touched: Touched;
  disabled: boolean;
}

const noConnections = () => [];

/** One entry of a scraper kind, edited with that kind's fields (the connection form's field renderer). */
export function ScraperEntryCard({ variant, entry, index, prefix, onChange, onRemove, touched, disabled }: ScraperEntryCardProps) {
  const title = `${variant.title} scraper ${index + 1}`;
  // Text as typed ('a.json, ') stays while it still stands for what the spec holds.
  const [drafts, setDrafts] = useState<Readonly<Record<string, { text: string; stored: string }>>>({});
  const values = entryValues(variant, entry);
  for (const [key, draft] of Object.entries(drafts)) if (draft.stored === storedAt(entry, key)) values[key] = draft.text;
  const state: FieldState = {
    values: prefixValues(values, prefix),
    set: (prefixed, value) => {
      const key = prefixed.slice(prefix.length);
      const changed = withEntryField(variant, entry, key, String(value));
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
    <fieldset aria-label={title} className="flex flex-col gap-6 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      <ConnectionFields fields={prefixFields(variant.fields, prefix)} state={state} connectionNames={noConnections} />
      {!disabled && (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove {title}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
