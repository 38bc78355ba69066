import { isRecord, SCHEDULE_PRESETS } from '@pharos/core';
import { Alert } from '../../../ui/alert';
import { ScraperEntryCard } from './scraper-entry-card';
import type { ScraperEntry } from './scraper-entry-codec';
import { entryPrefix } from './scraper-errors';
import { kindsOf } from './scraper-kinds';
import { SCRAPER_VARIANTS, scraperVariantOf } from './scraper-variants';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { parseSpec, specText } from '../../../ui/resource-settings/spec-codec';
import type { Touched } from '../../../ui/resource-settings/spec-fields';

export interface ScraperSpecFormProps {
  /** The scraper's spec as YAML: the same text the YAML editor edits. */
  value: string;
  onChange: (value: string) => void;
  touched: Touched;
  disabled: boolean;
}

type Spec = Record<string, unknown>;

const entriesOf = (spec: Spec, kind: string): unknown[] => (Array.isArray(spec[kind]) ? (spec[kind] as unknown[]) : []);

/**
 * The scraper form (spec 3 §3, §5): the schedule, one card per entry of the kinds it knows (file,
 * script, http, sql, kubernetesFile) and a kind chooser that adds one. Every change rewrites the spec
 * text, so the form and the YAML editor edit one document.
 */
export function ScraperSpecForm({ value, onChange, touched, disabled }: ScraperSpecFormProps) {
  const spec = parseSpec(value);
  if (!spec) return <Alert tone="error" title="The spec is not valid YAML">Fix it in the YAML editor to edit it with the form.</Alert>;

  const update = (next: Spec) => onChange(specText(next));
  const setEntries = (kind: string, entries: unknown[]) => {
    const next = { ...spec };
    if (entries.length === 0) delete next[kind];
    else next[kind] = entries;
    update(next);
  };
  const schedule = typeof spec['schedule'] === 'string' ? spec['schedule'] : '';
  const scheduleOptions = [...SCHEDULE_PRESETS, ...(schedule && !(SCHEDULE_PRESETS as readonly string[]).includes(schedule) ? [schedule] : [])];
  const others = kindsOf(spec).filter((kind) => !scraperVariantOf(kind));

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="Schedule"
        className="max-w-xs"
        placeholder="Every 60 minutes (default)"
        options={scheduleOptions.map((option) => ({ value: option, label: option }))}
        value={schedule}
        disabled={disabled}
        onChange={(event) => {
          const next = { ...spec };
          if (event.target.value) next['schedule'] = event.target.value;
          else delete next['schedule'];
          update(next);
        }}
      />
      {SCRAPER_VARIANTS.flatMap((variant) =>
        entriesOf(spec, variant.type).map((entry, index) =>
          isRecord(entry) ? (
            <ScraperEntryCard
              key={`${variant.type}.${index}`}
              variant={variant}
              entry={entry}
              index={index}
              prefix={entryPrefix(variant.type, index)}
              touched={touched}
              disabled={disabled}
              onChange={(changed: ScraperEntry) => setEntries(variant.type, entriesOf(spec, variant.type).map((old, at) => (at === index ? changed : old)))}
              onRemove={() => setEntries(variant.type, entriesOf(spec, variant.type).filter((_, at) => at !== index))}
            />
          ) : null,
        ),
      )}
      {others.length > 0 && (
        <Alert tone="info" title="Edited in YAML">
          These kinds have no form here; change them in the YAML editor: {others.join(', ')}.
        </Alert>
      )}
      {!disabled && (
        <SelectField
          label="Kind"
          className="max-w-xs"
          placeholder="Add a scraper of kind…"
          options={SCRAPER_VARIANTS.map((variant) => ({ value: variant.type, label: variant.title }))}
          value=""
          onChange={(event) => {
            const variant = scraperVariantOf(event.target.value);
            if (variant) setEntries(variant.type, [...entriesOf(spec, variant.type), { ...variant.defaults }]);
          }}
        />
      )}
    </div>
  );
}
