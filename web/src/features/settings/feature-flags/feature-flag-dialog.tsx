import { useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast/toast-store';
import { useChangeFeatureFlag, type FeatureFlag } from './api';

export const INCOMPLETE_FLAG_MESSAGE = 'please provide all details';

export interface FeatureFlagDialogProps {
  /** The flag to edit; absent to add one. */
  flag?: FeatureFlag;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds a flag (Save), or edits (Update) and deletes an existing one (one with created_at). */
export function FeatureFlagDialog({ flag, open, onOpenChange }: FeatureFlagDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={flag ? 'Edit Feature Flag' : 'Add Feature Flag'} size="small" preventOutsideClose>
      {open && <FeatureFlagForm flag={flag} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function FeatureFlagForm({ flag, onDone }: { flag?: FeatureFlag; onDone: () => void }) {
  const exists = Boolean(flag?.created_at);
  const [name, setName] = useState(flag?.name ?? '');
  const [value, setValue] = useState(flag?.value ?? '');
  const [description, setDescription] = useState(flag?.description ?? '');
  const [incomplete, setIncomplete] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const change = useChangeFeatureFlag();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: name.trim(), value: value.trim(), description: description.trim() };
    if (input.name === '' || input.value === '') {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    change.mutate(
      { kind: exists ? 'update' : 'create', flag: input },
      {
        onSuccess: () => {
          toast.success(exists ? 'Feature flag updated successfully' : 'Feature flag added successfully');
          onDone();
        },
      },
    );
  };

  const remove = () =>
    change.mutateAsync({ kind: 'delete', name: flag?.name ?? '' }).then(() => {
      toast.success('Feature flag removed successfully');
      onDone();
    });

  return (
    <form noValidate onSubmit={submit} aria-label="Feature flag" className="flex flex-col gap-4">
      <TextInput label="Name" required value={name} onChange={(event) => setName(event.target.value)} disabled={exists} autoFocus={!exists} />
      <TextInput label="Value" required value={value} onChange={(event) => setValue(event.target.value)} autoFocus={exists} />
      <TextInput label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
      {incomplete && <Alert tone="error">{INCOMPLETE_FLAG_MESSAGE}</Alert>}
      <div className="flex items-center justify-end gap-2 border-t border-border pt-3">
        {exists && (
          <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)} disabled={change.isPending}>
            Delete
          </Button>
        )}
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={change.isPending} disabled={change.isPending}>
          {exists ? 'Update' : 'Save'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Feature Flag"
        message={`Are you sure you want to delete ${flag?.name ?? 'this flag'}?`}
        confirmLabel="Delete"
        variant="danger"
        onConfirm={remove}
      />
    </form>
  );
}
