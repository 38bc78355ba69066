import { Dialog } from '../../../../ui/dialog';
import { SilenceForm } from './silence-form';
import type { SilenceFormValues } from './silence-values';

export type SilenceEditing = { open: false } | { open: true; id?: string; initial: SilenceFormValues };

interface SilenceDialogProps {
  editing: SilenceEditing;
  canWrite: boolean;
  onClose: () => void;
}

/** 'Add Silence' or 'Edit Silence' around the silence form. */
export function SilenceDialog({ editing, canWrite, onClose }: SilenceDialogProps) {
  return (
    <Dialog open={editing.open} onOpenChange={(open) => !open && onClose()} title={editing.open && editing.id ? 'Edit Silence' : 'Add Silence'} size="large" preventOutsideClose>
      {editing.open && <SilenceForm id={editing.id} initial={editing.initial} canWrite={canWrite} onDone={onClose} />}
    </Dialog>
  );
}
