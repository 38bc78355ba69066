import { SCHEDULE_PRESETS } from '@pharos/core';
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { CodeEditor } from '../../../ui/code-editor';
import { FieldMessage } from '../../../ui/field-message';
import type { Touched } from '../generic-resources/health-check-form/check-card';
import { parseSpec, specText } from '../../../ui/resource-settings/spec-codec';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { SpecFields } from '../../../ui/resource-settings/spec-fields';
import { componentsText, parseComponents, TOPOLOGY_ROOT_FIELDS } from './topology-spec';

export interface TopologySpecFormProps {
  /** The Topology spec as YAML: the same text the YAML editor edits. */
  value: string;
  onChange: (value: string) => void;
  touched: Touched;
  disabled: boolean;
  /** Told what is wrong with the components as typed (null when they parse). */
  onComponentsError: (error: string | null) => void;
}

/**
 * The topology form (spec 3 §2.7): the schedule and the root component's icon, type, label and
 * text as fields, its components (with their properties, lookups and selectors) as YAML. Every
 * change rewrites the spec text, so the form and the YAML editor edit one document.
 */
export function TopologySpecForm({ value, onChange, touched, disabled, onComponentsError }: TopologySpecFormProps) {
  const spec = parseSpec(value);
  // The components as typed, while they do not parse yet (or still stand for what the spec holds).
  const [draft, setDraft] = useState<{ text: string; stored: string } | null>(null);
  if (!spec) return <Alert tone="error" title="The spec is not valid YAML">Fix it in the YAML editor to edit it with the form.</Alert>;

  const update = (next: Record<string, unknown>) => onChange(specText(next));
  const stored = componentsText(spec['components']);
  const components = draft && draft.stored === stored ? draft.text : stored;
  const parsed = parseComponents(components);
  const schedule = typeof spec['schedule'] === 'string' ? spec['schedule'] : '';
  const scheduleOptions = [...SCHEDULE_PRESETS, ...(schedule && !(SCHEDULE_PRESETS as readonly string[]).includes(schedule) ? [schedule] : [])];

  const setComponents = (text: string) => {
    const next = parseComponents(text);
    let nextStored = stored;
    if (next.ok) {
      const updated = { ...spec };
      if (next.value === undefined) delete updated['components'];
      else updated['components'] = next.value;
      nextStored = componentsText(updated['components']);
      update(updated);
    }
    setDraft({ text, stored: nextStored });
    onComponentsError(next.ok ? null : next.error);
  };

  return (
    <div className="flex flex-col gap-6">
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
      <div className="grid gap-6 sm:grid-cols-2">
        <SpecFields definition={TOPOLOGY_ROOT_FIELDS} value={spec} onChange={update} prefix="topology." touched={touched} disabled={disabled} />
      </div>
      <div>
        <p className="mb-1 text-[0.8125rem] font-medium text-fg">Components</p>
        <CodeEditor label="Components" value={components} onChange={setComponents} size="medium" readOnly={disabled} hideProblems />
        {!parsed.ok && <FieldMessage tone="error">{parsed.error}</FieldMessage>}
        <p className="mt-1 text-xs text-fg-muted">
          A list of components, each with a name and its type, icon, properties (with lookups), selectors, checks and configs.
        </p>
      </div>
    </div>
  );
}
