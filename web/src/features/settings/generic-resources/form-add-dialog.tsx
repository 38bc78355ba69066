import type { ComponentType, ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { toast } from '../../../ui/toast/toast-store';
import type { AddDialogRenderer } from './resource-list-page';

/** What a resource's own form takes inside its Add dialog. */
export interface AddFormProps {
  onSaved: (name: string) => void;
  secondaryActions: ReactNode;
}

/**
 * An Add control whose dialog holds a resource's own form (not the generic YAML dialog): saved, it
 * says '{name} created successfully' and closes; Cancel closes it.
 */
export function formAddDialog(title: string, Form: ComponentType<AddFormProps>): AddDialogRenderer {
  function AddDialog({ open, onOpenChange }: Parameters<AddDialogRenderer>[0]) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title={title} size="large" preventOutsideClose>
        {open && (
          <Form
            onSaved={(name) => {
              toast.success(`${name} created successfully`);
              onOpenChange(false);
            }}
            secondaryActions={
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
            }
          />
        )}
      </Dialog>
    );
  }
  return (props) => <AddDialog {...props} />;
}
