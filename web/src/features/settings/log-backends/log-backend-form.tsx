import { isRecord, UI_SOURCE } from '@pharos/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CodeEditor } from '../../../ui/code-editor';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldMessage } from '../../../ui/field-message';
import { fieldError, REQUIRED_MESSAGE } from '../../../ui/form-validation';
import { Tabs } from '../../../ui/tabs';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { useDeleteSettingsResource, useSaveSettingsResource, type SettingsResource } from '../../../api/settings-resources';
import type { Touched } from '../generic-resources/health-check-form/check-card';
import { parseSpec, specText } from '../../../ui/resource-settings/spec-codec';
import { buildPayload, initialFormValues, type ResourceFormValues } from '../../../ui/resource-settings/payload';
import { useCan } from '../../../app/access/use-can';
import { linkedSourceOf, LinkedSourceBanner } from '../../../ui/resource-settings/linked-source';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { SpecFields, specFieldMessages } from '../../../ui/resource-settings/spec-fields';
import { settingsTableConfig } from '../../../ui/resource-settings/tables';
import { kindOfSpec, kindProblems, LOG_BACKEND_KINDS, logBackendKind } from './backend-kinds';
import { labelsProblem } from './labels-problem';

export const LOG_BACKENDS_CONFIG = settingsTableConfig('logging_backends');

/** The form validates on mount, on change and on blur: every message shows at once. */
const ALWAYS_SHOWN: Touched = { touch: () => undefined, shows: () => true };

export interface LogBackendFormProps {
  /** The saved backend; absent for a new one. */
  backend?: SettingsResource;
  onSaved: (name: string, created: boolean) => void;
  onDeleted?: () => void;
  /** Actions before Save (Cancel in the Add dialog). */
  secondaryActions?: ReactNode;
}

/** A backend from YAML, an agent or another source is managed there (spec 3 §2.6): no save here. */
function hasSource(backend: SettingsResource | undefined): boolean {
  const source = backend?.source?.trim() ?? '';
  return source !== '' && source !== UI_SOURCE;
}

/**
 * A log backend (spec 3 §2.6, §3, §5): its name (required, locked once saved), labels, and its spec
 * edited with the kind's fields or as YAML, one text. The form is validated on mount, change and
 * blur, and Save/Update stay disabled while it is invalid; a backend with a source hides them.
 */
export function LogBackendForm({ backend, onSaved, onDeleted, secondaryActions }: LogBackendFormProps) {
  const formId = useId();
  const isNew = backend === undefined;
  const canWrite = useCan(LOG_BACKENDS_CONFIG.resource, 'write');
  const linked = backend ? linkedSourceOf(backend) : null;
  const managedElsewhere = hasSource(backend) || linked !== null;
  const editable = canWrite && !managedElsewhere;
  const [values, setValues] = useState<ResourceFormValues>(() => initialFormValues(LOG_BACKENDS_CONFIG, backend));
  const [view, setView] = useState('form');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveSettingsResource(LOG_BACKENDS_CONFIG);
  const remove = useDeleteSettingsResource(LOG_BACKENDS_CONFIG);
  const set = (field: keyof ResourceFormValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const name = backend?.name ?? values.name;

  const spec = parseSpec(values.spec);
  const kind = spec ? kindOfSpec(spec) : undefined;
  const kindSpec = kind && spec && isRecord(spec[kind.kind]) ? spec[kind.kind] as Record<string, unknown> : {};
  const nameError = fieldError(values.name, { required: true });
  const kindErrors = kind ? Object.keys(specFieldMessages(kind, kindSpec)) : [];
  const problems = kind ? kindProblems(kind, kindSpec) : [];
  // A backend is searched through its kind: without one it would be saved as an empty spec.
  const kindError = spec && !kind ? REQUIRED_MESSAGE : undefined;
  const labelsError = labelsProblem(values.labels);
  const invalid = Boolean(nameError) || spec === null || Boolean(kindError) || Boolean(labelsError) || kindErrors.length > 0 || problems.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editable || invalid) return;
    const { payload } = buildPayload(LOG_BACKENDS_CONFIG, values, isNew);
    save.mutate({ id: backend?.id, payload }, { onSuccess: (saved) => onSaved(saved?.name ?? values.name.trim(), isNew) });
  };
  const deleteBackend = () =>
    remove.mutateAsync(backend?.id ?? '').then(() => {
      toast.success(`${name} deleted successfully`);
      onDeleted?.();
    });

  const setKind = (next: string) => {
    const chosen = logBackendKind(next);
    set('spec')(chosen ? specText({ [chosen.kind]: { ...(chosen.kind === kind?.kind ? kindSpec : {}) } }) : '');
  };
  const form = spec ? (
    <div className="flex flex-col gap-6">
      <SelectField
        label="Kind"
        className="max-w-xs"
        placeholder="Choose a kind"
        required
        invalid={Boolean(kindError)}
        messages={kindError ? <FieldMessage tone="error">{kindError}</FieldMessage> : undefined}
        options={LOG_BACKEND_KINDS.map((option) => ({ value: option.kind, label: option.title }))}
        value={kind?.kind ?? ''}
        disabled={!editable}
        onChange={(event) => setKind(event.target.value)}
      />
      {kind && (
        <SpecFields
          key={kind.kind}
          definition={kind}
          value={kindSpec}
          prefix={`${kind.kind}.`}
          touched={ALWAYS_SHOWN}
          disabled={!editable}
          onChange={(changed) => set('spec')(specText({ ...spec, [kind.kind]: changed }))}
        />
      )}
      {problems.length > 0 && (
        <ul aria-label="Problems in the backend" className="list-disc pl-5 text-[0.8125rem] text-danger">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  ) : (
    <Alert tone="error" title="The spec is not valid YAML">Fix it in the YAML editor to edit it with the form.</Alert>
  );

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={isNew ? 'New Log Backend' : `Edit ${name}`} className="flex flex-col gap-4">
      <TextInput
        label="Name"
        required
        className="max-w-md"
        value={values.name}
        onChange={(event) => set('name')(event.target.value)}
        disabled={!isNew || !editable}
        invalid={Boolean(nameError)}
        messages={nameError ? <FieldMessage tone="error">{nameError}</FieldMessage> : undefined}
      />
      <div>
        <p className="mb-1 text-[0.8125rem] font-medium text-fg">Labels</p>
        <CodeEditor label="Labels" value={values.labels} onChange={set('labels')} size="very-small" readOnly={!editable} hideProblems />
        {labelsError && <FieldMessage tone="error">{labelsError}</FieldMessage>}
      </div>
      <Tabs
        label="Spec editor"
        value={view}
        onValueChange={setView}
        items={[
          { value: 'form', label: 'Form', content: form },
          { value: 'yaml', label: 'YAML', content: <CodeEditor label="Spec" value={values.spec} onChange={set('spec')} size="medium" readOnly={!editable} /> },
        ]}
      />
      {save.error && (
        <Alert tone="error" title={isNew ? 'Could not create the log backend' : `Could not update ${name}`}>
          {save.error.message}
        </Alert>
      )}
      {linked && <LinkedSourceBanner linked={linked} />}
      {!managedElsewhere && (
        <div className="flex items-center justify-end gap-2">
          {!isNew && canWrite && (
            <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          {secondaryActions}
          {canWrite && (
            <Button type="submit" loading={save.isPending} disabled={invalid || save.isPending}>
              {isNew ? 'Save' : 'Update'}
            </Button>
          )}
        </div>
      )}
      {!isNew && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Log Backend"
          message={`Are you sure you want to delete ${name}?`}
          confirmLabel="Delete"
          variant="danger"
          onConfirm={deleteBackend}
        />
      )}
    </form>
  );
}
