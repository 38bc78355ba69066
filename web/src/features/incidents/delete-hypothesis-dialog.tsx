import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';

/** Deleting a hypothesis offers to disprove it instead (spec 2 §4). */
export function DeleteHypothesisDialog({
  open,
  onOpenChange,
  onDisprove,
  onDelete,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDisprove: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete hypothesis"
      size="very-small"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="secondary" onClick={onDisprove} disabled={busy}>
            Disprove
          </Button>
          <Button variant="danger" onClick={onDelete} loading={busy} disabled={busy}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm">Disprove this hypothesis, or delete it with its comments and evidence?</p>
    </Dialog>
  );
}
