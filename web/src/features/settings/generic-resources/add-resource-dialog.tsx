import { CircleHelp } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose } from '../../../ui/dialog';
import { linkClass } from '../../../ui/link-styles';
import { toast } from '../../../ui/toast/toast-store';
import type { SettingsTableConfig } from '../../../ui/resource-settings/tables';
import { ResourceForm } from './resource-form';

export interface AddResourceDialogProps {
  config: SettingsTableConfig;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add {resource name}': the settings form for a new resource (with a help link for health checks). */
export function AddResourceDialog({ config, open, onOpenChange }: AddResourceDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Add ${config.name}`}
      description={
        config.helpLink ? (
          <a href={config.helpLink} target="_blank" rel="noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
            <CircleHelp className="size-3.5" aria-hidden="true" />
            Help
          </a>
        ) : undefined
      }
      size="large"
      preventOutsideClose
    >
      {open && (
        <ResourceForm
          config={config}
          editorSize="medium"
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
