import { usePermissions } from '../../app/access/permissions';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';
import { useRestoreIncident } from './api';
import type { IncidentDetail } from './types';

export const RESTORE_INCIDENT = 'Restore';

/** Says that the incident was deleted, when and by whom; an administrator may restore it. */
export function DeletedIncidentBanner({ incident }: { incident: IncidentDetail }) {
  const isAdmin = usePermissions().roles.includes('admin');
  const restore = useRestoreIncident(incident.id);
  if (!incident.deleted_at) return null;
  return (
    <div role="status" aria-label="Deleted incident" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-danger bg-surface-muted px-3 py-2 text-sm">
      <p>
        This incident was deleted <RelativeTime value={incident.deleted_at} />
        {incident.deleter?.name ? ` by ${incident.deleter.name}` : ''}. It is not listed; only an administrator can restore it.
      </p>
      {isAdmin && (
        <Button size="sm" variant="secondary" loading={restore.isPending} disabled={restore.isPending} onClick={() => restore.mutate()}>
          {RESTORE_INCIDENT}
        </Button>
      )}
    </div>
  );
}
