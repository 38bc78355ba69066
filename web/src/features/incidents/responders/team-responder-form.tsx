import { useState, type FormEvent } from 'react';
import { useTouched } from '../../../ui/form-validation';
import { useResponderOptions } from './api';
import { clientDefaults, clientFields, PROVIDE_VALID_VALUE, type ClientField, type TeamClientType } from './client-fields';
import { ResponderField } from './responder-field';
import type { ResponderOption, TeamRef } from './types';

interface RemoteChoices {
  options?: readonly ResponderOption[];
  placeholder?: string;
  note?: string;
}

/** The choices of the remote fields: the first request without a dependency, one more per dependency value. */
function useRemoteChoices(team: TeamRef, type: TeamClientType, fields: readonly ClientField[], values: Record<string, string>) {
  const remote = fields.filter((field) => field.remote);
  const dependency = remote.find((field) => field.remote!.after)?.remote!.after ?? '';
  const dependencyValue = dependency ? (values[dependency] ?? '') : '';
  const base = useResponderOptions(team.id, type, {}, remote.length > 0);
  const dependent = useResponderOptions(team.id, type, dependency ? { [dependency]: dependencyValue } : {}, dependencyValue !== '');
  return (field: ClientField): RemoteChoices => {
    if (!field.remote) return {};
    const after = field.remote.after;
    if (after && !values[after]) {
      const label = fields.find((f) => f.name === after)?.label ?? after;
      return { options: [], placeholder: `Select ${label} first` };
    }
    const query = after ? dependent : base;
    if (query.isError) return { note: `${field.label} choices could not be loaded: ${query.error.message}` };
    if (query.isPending) return { options: [], placeholder: 'Loading ...' };
    const options = query.data.fields[field.name] ?? [];
    const value = values[field.name] ?? '';
    // A team default that is not among the choices stays visible and chosen.
    return { options: value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options };
  };
}

/**
 * Save Team Responder: the fields of the chosen client type (spec 2 §3), each required with
 * 'Please provide valid value', prefilled from the team's client settings.
 */
export function TeamResponderForm({ formId, team, type, onSave }: { formId: string; team: TeamRef; type: TeamClientType; onSave: (fields: Record<string, string>) => void }) {
  const fields = clientFields(type);
  const [values, setValues] = useState(() => clientDefaults(team.spec?.responder_clients, type));
  const touched = useTouched();
  const choices = useRemoteChoices(team, type, fields, values);
  // Jira and Planner reach the instance of the team's own connection (spec 2 §4).
  const instance = fields.some((field) => field.remote) ? team.spec?.responder_clients?.[type]?.connection : undefined;
  const errorOf = (name: string) => (touched.shows(name) && !(values[name] ?? '').trim() ? PROVIDE_VALID_VALUE : undefined);

  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    // A new project or plan has other issue types, priorities or buckets.
    for (const field of fields) if (field.remote?.after === name) next[field.name] = '';
    setValues(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touched.submit();
    if (fields.some((field) => !(values[field.name] ?? '').trim())) return;
    onSave(Object.fromEntries(fields.map((field) => [field.name, values[field.name]!.trim()])));
  };

  return (
    <form id={formId} aria-label="Save Team Responder" noValidate onSubmit={submit} className="flex flex-col gap-4">
      {instance && (
        <p className="text-[0.8125rem]">
          <span className="text-fg-muted">Instance </span>
          <span className="font-mono">{instance}</span>
        </p>
      )}
      {fields.map((field) => {
        const remote = choices(field);
        return (
          <ResponderField
            key={field.name}
            label={field.label}
            value={values[field.name] ?? ''}
            onChange={(value) => change(field.name, value)}
            onBlur={() => touched.touch(field.name)}
            error={errorOf(field.name)}
            multiline={field.multiline}
            options={remote.options}
            placeholder={remote.placeholder}
            note={remote.note}
            disabled={remote.options !== undefined && remote.options.length === 0 && remote.placeholder !== undefined}
          />
        );
      })}
    </form>
  );
}
