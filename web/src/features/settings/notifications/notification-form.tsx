import { NOTIFICATION_EVENTS, REPEAT_INTERVALS } from '@pharos/core';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../../api/session';
import { Button } from '../../../ui/button';
import { CodeEditor } from '../../../ui/code-editor';
import { DialogClose } from '../../../ui/dialog';
import { FieldMessage } from '../../../ui/field-message';
import { MultiSelect } from '../../../ui/multi-select';
import { TextArea } from '../../../ui/text-area';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { SelectField } from '../../../ui/resource-settings/select-field';
import { useSaveNotification } from './api';
import { EMPTY_FORM, formValuesOf, payloadOf, validate, type FormErrors, type NotificationFormValues } from './form-values';
import { RecipientFields } from './recipient-fields';
import { ScriptField } from './script-field';
import { TopologyGroupingFields } from './topology-grouping-fields';
import type { NotificationRow } from './types';

export const SAVED_MESSAGE = 'Notification updated successfully';

const EVENT_OPTIONS = NOTIFICATION_EVENTS.map((value) => ({ value }));
const INTERVAL_OPTIONS = REPEAT_INTERVALS.map((value) => ({ value, label: value }));

interface NotificationFormProps {
  /** The notification to edit; absent to create one. */
  notification?: NotificationRow;
  onDone: () => void;
}

/** Creates or edits a notification rule (spec 3 sections 2.3, 5 and 7). */
export function NotificationForm({ notification, onDone }: NotificationFormProps) {
  const [values, setValues] = useState<NotificationFormValues>(() => (notification ? formValuesOf(notification) : EMPTY_FORM));
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveNotification();
  const session = useSession();

  const change = (next: NotificationFormValues) => {
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const change = notification
      ? { kind: 'update' as const, id: notification.id, payload: payloadOf(values, 'update') }
      : { kind: 'create' as const, payload: payloadOf(values, 'create'), createdBy: session.data?.user.id ?? null };
    save.mutate(change, {
      onSuccess: () => {
        toast.success(SAVED_MESSAGE);
        onDone();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Notification" className="flex flex-col gap-4">
      <div>
        <div className="mb-1 flex items-baseline gap-0.5 text-[0.8125rem] font-medium">
          <span className="text-fg">Events</span>
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </div>
        <MultiSelect
          label="Events"
          placeholder="Select events"
          selectAll={false}
          options={EVENT_OPTIONS}
          value={values.events}
          onChange={(events) => change({ ...values, events })}
          className="w-full"
        />
        {errors.events && <FieldMessage tone="error">{errors.events}</FieldMessage>}
      </div>
      <TextInput label="Title" value={values.title} onChange={(event) => change({ ...values, title: event.target.value })} />
      <TextArea
        label="Filter"
        rows={2}
        placeholder="check.status == 'unhealthy'"
        value={values.filter}
        onChange={(event) => change({ ...values, filter: event.target.value })}
      />
      <RecipientFields values={values} onChange={change} />
      <ScriptField values={values} onChange={change} />
      <SelectField
        label="Repeat Interval"
        placeholder="None"
        options={INTERVAL_OPTIONS}
        value={values.repeat_interval}
        onChange={(event) => change({ ...values, repeat_interval: event.target.value })}
      />
      <TopologyGroupingFields values={values} error={errors.group_window} onChange={change} />
      <div>
        <span className="mb-1 block text-[0.8125rem] font-medium text-fg">Properties</span>
        <CodeEditor label="Properties" language="json" size="small" value={values.properties} onChange={(properties) => change({ ...values, properties })} />
        {errors.properties && <FieldMessage tone="error">{errors.properties}</FieldMessage>}
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-border pt-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          {notification ? 'Update' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
