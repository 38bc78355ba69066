import { useState } from 'react';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast/toast-store';
import { evidenceTitle } from './evidence/evidence-item';
import type { EvidenceRow } from './types';

export const DOD_DIALOG_TITLE = 'Add contributing factors to definition of done';
export const SELECT_EVIDENCE = 'Please select atleast one evidence';


/**
 * Asked before moving to mitigated or resolved (spec 2 §4): Cancel changes nothing, Skip changes
 * the status only, Add marks the chosen evidence as definition of done and then changes it.
 */
export function DefinitionOfDoneDialog({
  open,
  evidences,
  busy,
  onCancel,
  onSkip,
  onAdd,
}: {
  open: boolean;
  evidences: readonly EvidenceRow[];
  busy: boolean;
  onCancel: () => void;
  onSkip: () => void;
  onAdd: (ids: string[]) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const add = () => {
    if (selected.size === 0) {
      toast.error(SELECT_EVIDENCE);
      return;
    }
    onAdd([...selected]);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
        setSelected(new Set());
      }}
      title={DOD_DIALOG_TITLE}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={onSkip} disabled={busy}>
            Skip
          </Button>
          <Button onClick={add} loading={busy} disabled={busy}>
            Add
          </Button>
        </>
      }
    >
      {evidences.length === 0 ? (
        <p className="text-sm text-fg-muted">There are no evidences provided for this incident</p>
      ) : (
        <ul aria-label="Evidence" className="flex flex-col gap-2">
          {evidences.map((evidence) => (
            <li key={evidence.id}>
              <Checkbox label={evidenceTitle(evidence)} checked={selected.has(evidence.id)} onChange={(event) => toggle(evidence.id, event.target.checked)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
