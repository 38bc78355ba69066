import { NOTIFICATION_RECIPIENT_TYPES } from '@pharos/core';
import { MultiSelect } from '../../../ui/multi-select';
import { Tabs } from '../../../ui/tabs';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { usePeople } from '../teams/api';
import { useChannelConnections, useTeams, type ChannelConnection } from './api';
import { withRecipientType, type NotificationFormValues, type RecipientType } from './form-values';
import type { CustomService } from './types';

/** How a custom service names its connection: by type and name, which the server resolves. */
export function connectionReference(connection: ChannelConnection): string {
  return `connection://${connection.type}/${connection.name}`;
}

interface RecipientFieldsProps {
  values: NotificationFormValues;
  onChange: (values: NotificationFormValues) => void;
  disabled?: boolean;
}

/** The recipient of a notification: a person, a team or channel connections (Others); one kind at a time. */
export function RecipientFields({ values, onChange, disabled }: RecipientFieldsProps) {
  const type = values.recipientType;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-[0.8125rem] font-medium text-fg">Recipients</legend>
      <Tabs
        label="Recipient type"
        value={type}
        onValueChange={(next) => onChange(withRecipientType(values, next as RecipientType))}
        items={NOTIFICATION_RECIPIENT_TYPES.map((value) => ({ value, label: value, disabled }))}
      />
      {type === 'Person' && <PersonPicker value={values.person_id} onChange={(person_id) => onChange({ ...values, person_id })} />}
      {type === 'Team' && <TeamPicker value={values.team_id} onChange={(team_id) => onChange({ ...values, team_id })} />}
      {type === 'Others' && (
        <ServicesPicker value={values.custom_services} onChange={(custom_services) => onChange({ ...values, custom_services })} disabled={disabled} />
      )}
    </fieldset>
  );
}

function PersonPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const people = usePeople();
  return (
    <SelectField
      label="Person"
      placeholder="Select a person"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={(people.data ?? []).map((person) => ({ value: person.id, label: person.email ? `${person.name} (${person.email})` : person.name }))}
    />
  );
}

function TeamPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const teams = useTeams(true);
  return (
    <SelectField
      label="Team"
      placeholder="Select a team"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
    />
  );
}

function ServicesPicker({ value, onChange, disabled }: { value: CustomService[]; onChange: (services: CustomService[]) => void; disabled?: boolean }) {
  const connections = useChannelConnections(true);
  const available = connections.data ?? [];
  const chosen = value.map((service) => service.connection ?? service.url ?? service.name);
  const change = (references: string[]) =>
    onChange(
      references.map((reference) => {
        const kept = value.find((service) => (service.connection ?? service.url ?? service.name) === reference);
        if (kept) return kept;
        const connection = available.find((row) => connectionReference(row) === reference);
        return { connection: reference, name: connection?.name ?? reference };
      }),
    );
  return (
    <div className="flex flex-col gap-1">
      <MultiSelect
        label="Channels"
        placeholder={connections.isPending ? 'Loading connections' : 'Select connections'}
        selectAll={false}
        disabled={disabled}
        value={chosen}
        onChange={change}
        options={available.map((row) => ({ value: connectionReference(row), label: `${row.name} (${row.type})` }))}
      />
      {value.length > 0 && (
        <ul aria-label="Chosen channels" className="flex flex-wrap gap-1 text-[0.8125rem]">
          {value.map((service) => (
            <li key={service.connection ?? service.url ?? service.name} className="rounded border border-border bg-surface-muted px-2 py-0.5 font-mono">
              {service.connection ?? service.url ?? service.name}
            </li>
          ))}
        </ul>
      )}
      {connections.isSuccess && available.length === 0 && (
        <p className="text-[0.8125rem] text-fg-muted">No channel connections yet: add one on the Connections page.</p>
      )}
    </div>
  );
}
