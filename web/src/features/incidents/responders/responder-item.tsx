import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../ui/avatar';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteResponder } from './api';
import { clientLabel } from './client-fields';
import { ProgressStrip } from './progress-strip';
import type { ResponderRow } from './types';

export const responderName = (responder: ResponderRow) => responder.team?.name ?? responder.person?.name ?? 'Unknown responder';

/** One responder: who, through which client, its ticket, its last error, its progress and delete. */
export function ResponderItem({ responder, deleteDenied = null }: { responder: ResponderRow; deleteDenied?: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteResponder(responder.incident_id);
  const name = responderName(responder);
  const error = typeof responder.properties?.error === 'string' ? responder.properties.error : null;
  return (
    <li aria-label={name} className="flex flex-col gap-1.5 rounded-md border border-border p-2">
      <div className="flex items-center gap-2">
        <Avatar name={name} src={responder.person?.avatar} size="xs" />
        <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
        <span className="text-xs text-fg-muted">{clientLabel(responder.type === 'person' ? 'person' : responder.properties?.responderType)}</span>
        {!deleteDenied && (
          <button
            type="button"
            aria-label={`Delete responder ${name}`}
            onClick={() => setConfirming(true)}
            className="cursor-pointer rounded p-1 text-fg-muted hover:bg-surface-muted hover:text-danger"
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
          </button>
        )}
      </div>
      {responder.external_id && (
        <p className="text-xs">
          <span className="text-fg-muted">Ticket </span>
          <span className="font-mono">{responder.external_id}</span>
        </p>
      )}
      {error && <p className="text-xs text-danger">{error}</p>}
      <ProgressStrip responder={responder} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete responder"
        message={`Are you sure you want to delete the responder ${name}?`}
        confirmLabel="Delete"
        variant="danger"
        // Success or failure, the dialog closes; the toast says which.
        onConfirm={() => remove.mutateAsync(responder.id).catch(() => undefined)}
      />
    </li>
  );
}
