import { AGENT_DEFAULTS, AGENT_SCRAPE_INTERVALS, type AgentScrapeInterval } from '@pharos/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { DialogClose } from '../../../ui/dialog';
import { REQUIRED_MESSAGE } from '../../../ui/form-validation';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { TextInput } from '../../../ui/text-input';
import { entriesOf, PropertiesEditor, propertiesOf, type PropertyEntry } from './properties-editor';
import type { AgentFormValues, AgentSummary } from './types';

const INTERVAL_OPTIONS = AGENT_SCRAPE_INTERVALS.map((interval) => ({ value: interval, label: interval }));

export interface AgentFormProps {
  /** The agent to edit; absent to create one. */
  agent?: AgentSummary;
  busy: boolean;
  onSubmit: (values: AgentFormValues) => void;
  /** Left of Cancel (e.g. the Delete button when editing). */
  extraActions?: ReactNode;
}

/** Name (read-only when editing), description, properties, kubernetes scraping and telemetry push. */
export function AgentForm({ agent, busy, onSubmit, extraActions }: AgentFormProps) {
  const [name, setName] = useState(agent?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState(agent?.description ?? '');
  const [entries, setEntries] = useState<PropertyEntry[]>(() => entriesOf(agent?.properties));
  const [kubernetesEnabled, setKubernetesEnabled] = useState(agent?.kubernetes?.enabled ?? AGENT_DEFAULTS.kubernetes.enabled);
  const [interval, setInterval] = useState<AgentScrapeInterval>(agent?.kubernetes?.interval ?? AGENT_DEFAULTS.kubernetes.interval);
  const [telemetryEnabled, setTelemetryEnabled] = useState(agent?.push_telemetry?.enabled ?? AGENT_DEFAULTS.pushTelemetry.enabled);
  const [topologyName, setTopologyName] = useState(agent?.push_telemetry?.topologyName ?? '');
  const nameError = nameTouched && name.trim() === '' ? REQUIRED_MESSAGE : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameTouched(true);
    if (name.trim() === '') return;
    const topology = topologyName.trim();
    onSubmit({
      name: name.trim(),
      description: description.trim(),
      properties: propertiesOf(entries),
      kubernetes: { enabled: kubernetesEnabled, interval },
      pushTelemetry: { enabled: telemetryEnabled, ...(topology ? { topologyName: topology } : {}) },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Agent" className="flex flex-col gap-4">
      <TextInput
        label="Name"
        required
        value={name}
        readOnly={Boolean(agent)}
        disabled={Boolean(agent)}
        autoFocus={!agent}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setNameTouched(true)}
        invalid={Boolean(nameError)}
        messages={nameError}
      />
      <TextInput label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
      <PropertiesEditor entries={entries} onChange={setEntries} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-[0.8125rem] font-medium text-fg">Kubernetes</legend>
        <Checkbox label="Scrape the cluster's Kubernetes resources" checked={kubernetesEnabled} onChange={(event) => setKubernetesEnabled(event.target.checked)} />
        {kubernetesEnabled && (
          <SelectField label="Interval" options={INTERVAL_OPTIONS} value={interval} onChange={(event) => setInterval(event.target.value as AgentScrapeInterval)} />
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-[0.8125rem] font-medium text-fg">Push Telemetry</legend>
        <Checkbox label="Push telemetry upstream" checked={telemetryEnabled} onChange={(event) => setTelemetryEnabled(event.target.checked)} />
        {telemetryEnabled && <TextInput label="Topology Name" value={topologyName} onChange={(event) => setTopologyName(event.target.value)} />}
      </fieldset>
      <div className="flex items-center justify-end gap-2 border-t border-border pt-3">
        {extraActions}
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={busy} disabled={busy}>
          {agent ? 'Save' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
