import { Trash2 } from 'lucide-react';
import { Button } from '../../../../ui/button';
import { SpecFields, type Touched } from '../../../../ui/resource-settings/spec-fields';
import type { CheckEntry } from '../../../../ui/resource-settings/spec-codec';
import type { HealthCheckVariant } from '../../../../ui/resource-settings/spec-variant';

// The touched state and key prefixes live with the spec fields they serve.
export { prefixFields, prefixValues, type Touched } from '../../../../ui/resource-settings/spec-fields';

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
  return (
    <fieldset aria-label={`${variant.title} check ${name}`} className="flex flex-col gap-6 rounded-md border border-border p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        {variant.title}: {name}
      </legend>
      <SpecFields definition={variant} value={entry} onChange={onChange} prefix={prefix} touched={touched} disabled={disabled} connectionNames={connectionNames} />
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
