import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { toast } from '../../../ui/toast/toast-store';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { SettingsResourceDetailPage, type ResourceEditForm } from '../generic-resources/resource-detail-page';
import { SettingsResourceListPage, type AddDialogRenderer } from '../generic-resources/resource-list-page';
import { LogBackendForm } from './log-backend-form';

/** 'Add Log Backend': the log backend form for a new backend (its own, not the generic YAML dialog). */
function AddLogBackendDialog({ open, onOpenChange }: Parameters<AddDialogRenderer>[0]) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Log Backend" size="large" preventOutsideClose>
      {open && (
        <LogBackendForm
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

const addLogBackend: AddDialogRenderer = (props) => <AddLogBackendDialog {...props} />;

const EditLogBackend: ResourceEditForm = ({ resource, onSaved, onDeleted }) => <LogBackendForm backend={resource} onSaved={onSaved} onDeleted={onDeleted} />;

/** /settings/logging_backends: the log backends, with their own Add control. */
export function LogBackendsPage() {
  useDocumentTitle('Log Backends | Pharos');
  return <SettingsResourceListPage table="logging_backends" addDialog={addLogBackend} />;
}

/** /settings/logging_backends/{id}: a log backend's form. */
export function LogBackendDetailPage() {
  return <SettingsResourceDetailPage table="logging_backends" form={EditLogBackend} />;
}
