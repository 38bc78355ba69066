import { connectionForm, connectionInputOf, formValuesOf, missingRequired, valueFields, type ConnectionFormValues, type ConnectionView } from '@pharos/core';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldMessage } from '../../../ui/field-message';
import { fieldError, useTouched } from '../../../ui/form-validation';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { useChangeConnection, useTestConnection, type ConnectionTestResult } from './api';
import { ConnectionFields, valueFieldError, type FieldState } from '../../../ui/resource-settings/connection-fields';
import { ConnectionIcon } from './connection-icon';
import { TestResultDialog } from './test-result-dialog';

export interface ConnectionFormProps {
  type: string;
  /** The saved connection; absent for a new one. */
  saved?: ConnectionView;
  canWrite: boolean;
  /** Names of saved connections of a type (for a field that may name one). */
  connectionNames: (type: string) => string[];
  /** Back to the type chooser (new connections only). */
  onBack?: () => void;
  onDone: () => void;
}

/** The per-type form of a connection: Save (new) or Update, Back, Delete, and Test for a saved one. */
export function ConnectionForm({ type, saved, canWrite, connectionNames, onBack, onDone }: ConnectionFormProps) {
  const form = connectionForm(type);
  const [values, setValues] = useState<ConnectionFormValues>(() => formValuesOf(type, saved));
  const [cleared, setCleared] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(null);
  const touched = useTouched();
  const change = useChangeConnection();
  const test = useTestConnection();
  const secretsSet = saved?.secrets_set ?? [];
  const isNew = saved === undefined;

  const state: FieldState = {
    values,
    set: (key, value) => setValues((previous) => ({ ...previous, [key]: value })),
    touch: touched.touch,
    shows: touched.shows,
    secretsSet,
    cleared,
    clear: (key) => setCleared((previous) => [...previous, key]),
    disabled: !canWrite || change.isPending,
  };
  if (!form) return <Alert tone="error">Unknown connection type {type}</Alert>;

  const nameMessage = touched.shows('name') ? fieldError(values['name'], { required: true }) : undefined;
  const invalid = () => missingRequired(type, values, secretsSet.filter((key) => !cleared.includes(key))).length > 0 || valueFields(form.fields).some((field) => valueFieldError(field, state) !== undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touched.submit();
    if (!canWrite || invalid()) return;
    const input = connectionInputOf(type, values, { cleared });
    change.mutate(isNew ? { kind: 'create', input } : { kind: 'update', id: saved.id, input }, {
      onSuccess: () => {
        toast.success(isNew ? 'Connection added successfully' : 'Connection updated successfully');
        onDone();
      },
      onError: (error) => toast.error(error.message),
    });
  };

  const remove = () =>
    change.mutateAsync({ kind: 'delete', id: saved?.id ?? '' }).then(
      () => {
        toast.success('Connection deleted successfully');
        onDone();
      },
      (error: Error) => toast.error(error.message),
    );

  return (
    <form noValidate onSubmit={submit} aria-label={isNew ? `New ${form.title} connection` : `Edit ${saved.name}`} className="flex flex-col gap-6">
      <p className="flex items-center gap-2 text-sm font-medium">
        <ConnectionIcon icon={form.icon} />
        {form.title}
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextInput
          label="Name"
          required
          autoFocus={isNew}
          value={String(values['name'] ?? '')}
          onChange={(event) => state.set('name', event.target.value)}
          onBlur={() => touched.touch('name')}
          disabled={!isNew || state.disabled}
          invalid={Boolean(nameMessage)}
          className="relative"
          messages={
            nameMessage ? (
              <FieldMessage tone="error" floating>
                {nameMessage}
              </FieldMessage>
            ) : undefined
          }
        />
        <TextInput
          label="Namespace"
          value={String(values['namespace'] ?? '')}
          onChange={(event) => state.set('namespace', event.target.value)}
          disabled={!isNew || state.disabled}
        />
      </div>
      <ConnectionFields fields={form.fields} state={state} connectionNames={connectionNames} />
      <div className="flex items-center justify-end gap-2 border-t border-border pt-3">
        {!isNew && canWrite && (
          <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)} disabled={change.isPending}>
            Delete
          </Button>
        )}
        {onBack && (
          <Button variant="secondary" onClick={onBack} className={isNew ? 'mr-auto' : undefined}>
            Back
          </Button>
        )}
        {!isNew && (
          <Button variant="secondary" loading={test.isPending} disabled={test.isPending} onClick={() => test.mutate(saved.id, { onSuccess: setTestResult })}>
            Test
          </Button>
        )}
        {canWrite && (
          <Button type="submit" loading={change.isPending} disabled={change.isPending}>
            {isNew ? 'Save' : 'Update'}
          </Button>
        )}
      </div>
      {!isNew && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Connection"
          message={`Are you sure you want to delete ${saved.name}?`}
          confirmLabel="Delete"
          variant="danger"
          onConfirm={remove}
        />
      )}
      <TestResultDialog result={testResult} onClose={() => setTestResult(null)} />
    </form>
  );
}
