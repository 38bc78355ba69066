import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Tabs } from '../../../ui/tabs';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CodeEditor, type CodeEditorSize } from '../../../ui/code-editor';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldMessage } from '../../../ui/field-message';
import { fieldError, useTouched } from '../../../ui/form-validation';
import { TextInput } from '../../../ui/text-input';
import { useResourceExtensions } from '../../../ui/resource-extensions';
import { toast } from '../../../ui/toast/toast-store';
import { useCan } from '../../../app/access/use-can';
import { linkedSourceOf, LinkedSourceBanner } from '../../../ui/resource-settings/linked-source';
import type { SettingsTableConfig } from '../../../ui/resource-settings/tables';
import { useDeleteSettingsResource, useSaveSettingsResource, useSpecSchema, type SettingsResource } from '../../../api/settings-resources';
import type { Touched } from './health-check-form/check-card';
import { HealthCheckSpecTabs } from './health-check-form/spec-editor-tabs';
import { specFieldErrors } from './health-check-form/spec-errors';
import { buildPayload, initialFormValues, type ResourceFormValues } from '../../../ui/resource-settings/payload';


export interface ResourceFormProps {
  config: SettingsTableConfig;
  /** The existing resource; absent for a new one. */
  resource?: SettingsResource;
  /** After a successful save: the saved name and whether it was created. */
  onSaved: (name: string, created: boolean) => void;
  /** After a successful delete. */
  onDeleted?: (name: string) => void;
  /** Extra actions before Save (e.g. Cancel in a dialog). */
  secondaryActions?: ReactNode;
  /** Height of the spec editor (default large; a dialog wants less). */
  editorSize?: CodeEditorSize;
  /** A form over the spec (its own fields), shown in a Form tab before the YAML editor. */
  specForm?: SpecFormRenderer;
  /** What the spec form's fields still need; any holds the save back. */
  specErrors?: (spec: string) => readonly unknown[];
}

/** The form of a table's spec: it edits the same YAML text as the editor. */
export type SpecFormRenderer = (props: { value: string; onChange: (value: string) => void; touched: Touched; disabled: boolean }) => ReactNode;

/** A spec edited with its form or as YAML; both change the same text. */
function SpecTabs({ form, yaml }: { form: ReactNode; yaml: ReactNode }) {
  const [view, setView] = useState('form');
  return (
    <Tabs
      label="Spec editor"
      value={view}
      onValueChange={setView}
      items={[
        { value: 'form', label: 'Form', content: form },
        { value: 'yaml', label: 'YAML', content: yaml },
      ]}
    />
  );
}

function EditorField({ label, actions, children }: { label: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <p className="text-[0.8125rem] font-medium text-fg">{label}</p>
        {actions}
      </div>
      {children}
    </div>
  );
}

/**
 * The edit form of a settings resource: name, namespace, labels, the spec editor (validated against
 * the schema of its kind), icon for teams and source. Save for a new resource, Update for an
 * existing one, both only with write permission on the table; name and namespace are locked once
 * the id exists. A resource managed elsewhere shows where it is linked to instead of the actions.
 */
export function ResourceForm({ config, resource, onSaved, onDeleted, secondaryActions, editorSize = 'large', specForm, specErrors }: ResourceFormProps) {
  const formId = useId();
  const isNew = resource === undefined;
  const canWrite = useCan(config.resource, 'write');
  const { ExpressionPlayground } = useResourceExtensions();
  const linked = resource ? linkedSourceOf(resource) : null;
  const editable = canWrite && !linked;
  const [values, setValues] = useState<ResourceFormValues>(() => initialFormValues(config, resource));
  const touched = useTouched();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const schema = useSpecSchema(config.schema);
  const save = useSaveSettingsResource(config);
  const remove = useDeleteSettingsResource(config);

  const set = (field: keyof ResourceFormValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const nameError = fieldError(values.name, { required: true });
  const nameMessage = touched.shows('name') ? nameError : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touched.submit();
    // The health-check form's own fields (required, numbers, minimum 0) hold the save back too.
    if (!editable || nameError || (config.table === 'canaries' && specFieldErrors(values.spec).length > 0)) return;
    if (specErrors && specErrors(values.spec).length > 0) return;
    const { payload } = buildPayload(config, values, isNew);
    save.mutate(
      { id: resource?.id, payload },
      { onSuccess: (saved) => onSaved(saved?.name ?? values.name.trim(), isNew) },
    );
  };

  const name = resource?.name ?? values.name;
  const specEditor = <CodeEditor label="Spec" value={values.spec} onChange={set('spec')} schema={schema.data ?? null} size={editorSize} readOnly={!editable} />;
  const deleteResource = () =>
    remove.mutateAsync(resource?.id ?? '').then(() => {
      toast.success(`${name} deleted successfully`);
      onDeleted?.(name);
    });

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={isNew ? `New ${config.name}` : `Edit ${name}`} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          onBlur={() => touched.touch('name')}
          disabled={!isNew || !editable}
          invalid={Boolean(nameMessage)}
          messages={nameMessage ? <FieldMessage tone="error">{nameMessage}</FieldMessage> : undefined}
        />
        {config.form.namespace && (
          <TextInput
            label="Namespace"
            value={values.namespace}
            onChange={(event) => set('namespace')(event.target.value)}
            disabled={!isNew || !editable}
          />
        )}
        {config.form.icon && (
          <TextInput label="Icon" value={values.icon} onChange={(event) => set('icon')(event.target.value)} disabled={!editable} />
        )}
        {config.form.source && (
          <TextInput label="Source" value={values.source} onChange={(event) => set('source')(event.target.value)} disabled={!editable} />
        )}
      </div>
      {config.form.labels && (
        <EditorField label="Labels">
          <CodeEditor label="Labels" value={values.labels} onChange={set('labels')} size="very-small" readOnly={!editable} hideProblems />
        </EditorField>
      )}
      <EditorField label="Spec" actions={ExpressionPlayground && <ExpressionPlayground />}>
        {config.table === 'canaries' ? (
          <HealthCheckSpecTabs value={values.spec} onChange={set('spec')} touched={touched} disabled={!editable} yaml={specEditor} />
        ) : specForm ? (
          <SpecTabs form={specForm({ value: values.spec, onChange: set('spec'), touched, disabled: !editable })} yaml={specEditor} />
        ) : (
          specEditor
        )}
      </EditorField>
      {save.error && (
        <Alert tone="error" title={isNew ? `Could not create the ${config.name.toLowerCase()}` : `Could not update ${name}`}>
          {save.error.message}
        </Alert>
      )}
      {linked ? (
        <LinkedSourceBanner linked={linked} />
      ) : (
        <div className="flex items-center justify-end gap-2">
          {!isNew && canWrite && (
            <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          {secondaryActions}
          {canWrite && (
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {isNew ? 'Save' : 'Update'}
            </Button>
          )}
        </div>
      )}
      {!isNew && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete ${config.name}`}
          message={`Are you sure you want to delete ${name}?`}
          confirmLabel="Delete"
          variant="danger"
          onConfirm={deleteResource}
        />
      )}
    </form>
  );
}
