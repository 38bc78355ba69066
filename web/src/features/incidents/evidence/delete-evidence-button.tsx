import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { usePermissions } from '../../../app/access/permissions';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useEvidenceActions } from './evidence-api';

/** Deletes one evidence after confirmation ('Evidence delete failed' when refused); shown to who may write evidence. */
export function DeleteEvidenceButton({ incidentId, evidenceId, title }: { incidentId: string; evidenceId: string; title: string }) {
  const [asking, setAsking] = useState(false);
  const { remove } = useEvidenceActions(incidentId);
  if (!usePermissions().can('evidences', 'write')) return null;
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`Delete evidence ${title}`} onClick={() => setAsking(true)}>
        <Trash2 className="size-3.5" aria-hidden="true" />
      </Button>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={setAsking}
          title="Delete evidence"
          message={`Delete the evidence '${title}'?`}
          confirmLabel="Delete"
          variant="danger"
          onConfirm={() => new Promise<void>((resolve, reject) => remove.mutate(evidenceId, { onSuccess: () => resolve(), onError: reject }))}
        />
      )}
    </>
  );
}
