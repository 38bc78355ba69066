import { HEALTH_CHECK_SCHEDULES, isRecord } from '@pharos/core';
import { Alert } from '../../../../ui/alert';
import { SelectField } from '../../../../ui/resource-settings/select-field';
import { CheckCard, type Touched } from './check-card';
import { useConnectionNames } from './connection-names';
import { newCheck, parseSpec, specText, type CanarySpec, type CheckEntry } from '../../../../ui/resource-settings/spec-codec';
import { checkPrefix } from './spec-errors';
import { HEALTH_CHECK_VARIANTS, variantOf } from './variants';

export interface HealthCheckSpecFormProps {
  /** The canary spec as YAML: the same text the YAML editor edits. */
  value: string;
  onChange: (value: string) => void;
  touched: Touched;
  disabled: boolean;
}

const entriesOf = (spec: CanarySpec, type: string): unknown[] => (Array.isArray(spec[type]) ? (spec[type] as unknown[]) : []);

/** The checks of a spec the form has no variant for, edited in YAML only. */
function otherChecks(spec: CanarySpec): string[] {
  return Object.entries(spec).flatMap(([type, entries]) =>
    variantOf(type) || !Array.isArray(entries) ? [] : entries.filter(isRecord).map((entry) => `${type}: ${String(entry['name'] ?? '')}`),
  );
}

/**
 * The health-check form (spec 3 §3, §5): the schedule and one card per check of the types it knows
 * (http, alertmanager, search, script, folder, icmp, mongo, redis, tcp). Every change rewrites the
 * spec text, so the form and the YAML editor edit one document.
 */
export function HealthCheckSpecForm({ value, onChange, touched, disabled }: HealthCheckSpecFormProps) {
  const connectionNames = useConnectionNames();
  const spec = parseSpec(value);
  if (!spec) return <Alert tone="error" title="The spec is not valid YAML">Fix it in the YAML editor to edit it with the form.</Alert>;

  const update = (next: CanarySpec) => onChange(specText(next));
  const setEntries = (type: string, entries: unknown[]) => {
    const next = { ...spec };
    if (entries.length === 0) delete next[type];
    else next[type] = entries;
    update(next);
  };
  const schedule = typeof spec['schedule'] === 'string' ? spec['schedule'] : '';
  const scheduleOptions = [...HEALTH_CHECK_SCHEDULES, ...(schedule && !(HEALTH_CHECK_SCHEDULES as readonly string[]).includes(schedule) ? [schedule] : [])];
  const others = otherChecks(spec);

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="Schedule"
        className="max-w-xs"
        placeholder="Every 5 minutes (default)"
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
      {HEALTH_CHECK_VARIANTS.flatMap((variant) =>
        entriesOf(spec, variant.type).map((entry, index) =>
          isRecord(entry) ? (
            <CheckCard
              key={`${variant.type}.${index}`}
              variant={variant}
              entry={entry}
              prefix={checkPrefix(variant.type, index)}
              touched={touched}
              disabled={disabled}
              connectionNames={connectionNames}
              onChange={(changed: CheckEntry) => setEntries(variant.type, entriesOf(spec, variant.type).map((old, at) => (at === index ? changed : old)))}
              onRemove={() => setEntries(variant.type, entriesOf(spec, variant.type).filter((_, at) => at !== index))}
            />
          ) : null,
        ),
      )}
      {others.length > 0 && (
        <Alert tone="info" title="Edited in YAML">
          These checks have no form here; change them in the YAML editor: {others.join(', ')}.
        </Alert>
      )}
      {!disabled && (
        <SelectField
          label="Add a check"
          className="max-w-xs"
          placeholder="Choose a type"
          options={HEALTH_CHECK_VARIANTS.map((variant) => ({ value: variant.type, label: variant.title }))}
          value=""
          onChange={(event) => {
            const variant = variantOf(event.target.value);
            if (variant) setEntries(variant.type, [...entriesOf(spec, variant.type), newCheck(variant, spec)]);
          }}
        />
      )}
    </div>
  );
}
