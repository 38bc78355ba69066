import { Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button';
import { entryValues, withEntryField, type ScraperEntry } from './scraper-entry-codec';
import type { ScraperVariant } from './scraper-variants';
import { SpecFields, type SpecFieldsCodec, type Touched } from '../../../ui/resource-settings/spec-fields';

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

/** One entry of a scraper kind, edited with that kind's fields (the connection form's field renderer). */
export function ScraperEntryCard({ variant, entry, index, prefix, onChange, onRemove, touched, disabled }: ScraperEntryCardProps) {
  const title = `${variant.title} scraper ${index + 1}`;
  const codec: SpecFieldsCodec = { read: (value) => entryValues(variant, value), write: (value, key, text) => withEntryField(variant, value, key, text) };
  return (
    <fieldset aria-label={title} className="flex flex-col gap-6 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      <SpecFields definition={variant} value={entry} onChange={onChange} prefix={prefix} touched={touched} disabled={disabled} codec={codec} />
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
