import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { usePermissions } from '../../../app/access/permissions';
import { Button } from '../../../ui/button';
import { AddEvidenceWizard } from './add-evidence-wizard';

/** Opens the add-evidence wizard for one hypothesis; shown only to who may write incidents and evidence. */
export function AttachEvidenceButton({ incidentId, hypothesisId, name }: { incidentId: string; hypothesisId: string; name: string }) {
  const permissions = usePermissions();
  const [open, setOpen] = useState(false);
  if (!permissions.can('incident', 'write') || !permissions.can('evidences', 'write')) return null;
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`Attach evidence to ${name}`} onClick={() => setOpen(true)}>
        <Paperclip className="size-3.5" aria-hidden="true" />
        Evidence
      </Button>
      {open && <AddEvidenceWizard incidentId={incidentId} hypothesisId={hypothesisId} open={open} onOpenChange={setOpen} />}
    </>
  );
}
