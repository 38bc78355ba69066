import { DEBOUNCE_MS } from '@pharos/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { DialogClose } from '../../../../ui/dialog';
import { FieldMessage } from '../../../../ui/field-message';
import { TextArea } from '../../../../ui/text-area';
import { TextInput } from '../../../../ui/text-input';
import { toast } from '../../../../ui/toast/toast-store';
import { SelectField } from '../../../../ui/resource-settings/select-field';
import { useDebouncedValue } from '../../../../ui/use-debounced-value';
import { useChangeSilence, useNotificationChoices, useSilencePreview } from './api';
import { SelectorRows } from './selector-rows';
import { SilencePreviewPanel } from './silence-preview';
import { previewRequestOf, silencePayloadOf, validateSilence, type SilenceErrors, type SilenceFormValues } from './silence-values';

export const SILENCE_SAVED_MESSAGE = 'Silence saved successfully';
export const SILENCE_DELETED_MESSAGE = 'Silence deleted successfully';

interface SilenceFormProps {
  /** The silence to edit; absent to create one from `initial`. */
  id?: string;
  initial: SilenceFormValues;
  /** Without write on notifications the form is shown read-only. */
  canWrite: boolean;
  onDone: () => void;
}

/** Creates or edits a silence, previewing what it would mute while it is written. */
export function SilenceForm({ id, initial, canWrite, onDone }: SilenceFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SilenceErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const change = useChangeSilence();
  const notifications = useNotificationChoices();

  const request = useMemo(() => previewRequestOf(values), [values]);
  const settled = useDebouncedValue(request, DEBOUNCE_MS.filterSearch);
  const preview = useSilencePreview(settled);
  const previewError = preview.data?.ok === false ? preview.data.message : undefined;
  const typing = JSON.stringify(request) !== JSON.stringify(settled);

  const update = (next: SilenceFormValues) => {
    setValues(next);
    if (submitted) setErrors(validateSilence(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSilence(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload = silencePayloadOf(values);
    change.mutate(id ? { kind: 'update', id, payload } : { kind: 'create', payload }, {
      onSuccess: () => {
        toast.success(SILENCE_SAVED_MESSAGE);
        onDone();
      },
    });
  };

  const remove = () =>
    change.mutateAsync({ kind: 'delete', id: id ?? '' }).then(() => {
      toast.success(SILENCE_DELETED_MESSAGE);
      onDone();
    });

  const message = (text: string | undefined) => text && <FieldMessage tone="error">{text}</FieldMessage>;

  return (
    <form noValidate onSubmit={submit} aria-label="Silence" className="flex flex-col gap-4">
      <fieldset disabled={!canWrite} className="flex flex-col gap-4">
        <TextInput label="Name" required value={values.name} invalid={Boolean(errors.name)} messages={message(errors.name)} onChange={(event) => update({ ...values, name: event.target.value })} />
        <TextInput label="Description" value={values.description} onChange={(event) => update({ ...values, description: event.target.value })} />
        <div className="grid grid-cols-2 gap-3">
          <TextInput label="From" type="datetime-local" required value={values.from} invalid={Boolean(errors.from)} messages={message(errors.from)} onChange={(event) => update({ ...values, from: event.target.value })} />
          <TextInput label="Until" type="datetime-local" required value={values.until} invalid={Boolean(errors.until)} messages={message(errors.until)} onChange={(event) => update({ ...values, until: event.target.value })} />
        </div>
        <SelectField
          label="Notification"
          placeholder="All notifications"
          value={values.notification_id}
          onChange={(event) => update({ ...values, notification_id: event.target.value })}
          options={(notifications.data ?? []).map((row) => ({ value: row.id, label: row.title || row.events.join(', ') }))}
        />
        <TextArea
          label="Filter"
          rows={2}
          placeholder="check.name.startsWith('api-')"
          value={values.filter}
          invalid={Boolean(previewError) && values.filter.trim() !== ''}
          messages={values.filter.trim() !== '' ? message(previewError) : undefined}
          onChange={(event) => update({ ...values, filter: event.target.value })}
        />
        <SelectorRows value={values.selectors} onChange={(selectors) => update({ ...values, selectors })} />
        {values.filter.trim() === '' && message(previewError)}
        {message(errors.target)}
      </fieldset>
      <SilencePreviewPanel result={preview.data} busy={request !== undefined && (typing || preview.isFetching)} idle={request === undefined} />
      <div className="flex items-center justify-end gap-2 border-t border-border pt-3">
        {id && canWrite && (
          <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)} disabled={change.isPending}>
            Delete
          </Button>
        )}
        <DialogClose asChild>
          <Button variant="secondary">{canWrite ? 'Cancel' : 'Close'}</Button>
        </DialogClose>
        {canWrite && (
          <Button type="submit" loading={change.isPending} disabled={change.isPending}>
            {id ? 'Update' : 'Save'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Silence"
        message={`Are you sure you want to delete ${values.name || 'this silence'}?`}
        confirmLabel="Delete"
        variant="danger"
        onConfirm={remove}
      />
    </form>
  );
}
