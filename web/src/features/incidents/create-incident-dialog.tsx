import { INCIDENT_DEFAULTS, INCIDENT_STATUSES, INCIDENT_TYPES } from '@pharos/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { FieldMessage } from '../../ui/field-message';
import { REQUIRED_MESSAGE } from '../../ui/form-validation';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast/toast-store';
import { useCreateIncident, type NewIncident } from './api';
import { LabelledSelect } from './labelled-select';
import { capitalize, SEVERITY_CHOICES } from './severity';

const FORM_ID = 'create-incident';

const initial = (): NewIncident => ({ title: '', description: '', ...INCIDENT_DEFAULTS });

/** The create-incident dialog: title required; severity low, status open and type availability by default. */
export function CreateIncidentDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<NewIncident>(initial);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateIncident();
  const navigate = useNavigate();
  const titleError = form.title.trim() === '' ? REQUIRED_MESSAGE : undefined;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setForm(initial());
      setSubmitted(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (titleError) return;
    create.mutate(
      { ...form, title: form.title.trim() },
      {
        onSuccess: (id) => {
          setOpen(false);
          void navigate(`/incidents/${encodeURIComponent(id)}`);
        },
        onError: (error) => toast.error(error.message || 'Creating the incident failed'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>Create incident</Button>}
      title="Create incident"
      size="small"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={FORM_ID} loading={create.isPending} disabled={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          label="Title"
          required
          value={form.title}
          invalid={submitted && titleError !== undefined}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
          messages={submitted && titleError ? <FieldMessage tone="error">{titleError}</FieldMessage> : undefined}
        />
        <TextInput label="Description" value={form.description} onChange={(event) => setForm({ ...form, description: event.target.value })} />
        <div className="flex flex-wrap gap-4">
          <LabelledSelect
            label="Severity"
            value={form.severity}
            options={SEVERITY_CHOICES.map((s) => ({ value: s, label: capitalize(s) }))}
            onChange={(value) => setForm({ ...form, severity: value as NewIncident['severity'] })}
          />
          <LabelledSelect
            label="Status"
            value={form.status}
            options={INCIDENT_STATUSES.map((s) => ({ value: s, label: capitalize(s) }))}
            onChange={(value) => setForm({ ...form, status: value as NewIncident['status'] })}
          />
          <LabelledSelect
            label="Type"
            value={form.type}
            options={INCIDENT_TYPES.map((t) => ({ value: t, label: capitalize(t) }))}
            onChange={(value) => setForm({ ...form, type: value as NewIncident['type'] })}
          />
        </div>
      </form>
    </Dialog>
  );
}
