import { DeniedHint, useDenied } from '../../../app/access/denied';
import { Button } from '../../../ui/button';
import { useResponders } from './api';
import { AddResponderDialog } from './add-responder-dialog';
import { ResponderItem } from './responder-item';

/** The incident's responders in the Details panel, with the add-responder dialog. */
export function RespondersSection({ incidentId }: { incidentId: string }) {
  const responders = useResponders(incidentId);
  const denied = useDenied('responder');
  return (
    <section aria-label="Responders" className="mt-3 flex flex-col gap-2 border-t border-border pt-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Responders</h3>
        {denied ? (
          <DeniedHint reason={denied}>
            <Button variant="secondary" size="sm" disabled>
              Add responder
            </Button>
          </DeniedHint>
        ) : (
          <AddResponderDialog incidentId={incidentId} />
        )}
      </div>
      {responders.isPending ? (
        <p className="text-fg-muted">Loading ...</p>
      ) : responders.isError ? (
        <p className="text-danger">{responders.error.message}</p>
      ) : responders.data.length === 0 ? (
        <p className="text-fg-muted">No responders</p>
      ) : (
        <ul aria-label="Responder list" className="flex flex-col gap-2">
          {responders.data.map((responder) => (
            <ResponderItem key={responder.id} responder={responder} deleteDenied={denied} />
          ))}
        </ul>
      )}
    </section>
  );
}
