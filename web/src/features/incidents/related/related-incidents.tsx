import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/error-panel';
import { linkClass } from '../../../ui/link-styles';
import type { ResourceRef } from '../../../ui/resource-extensions';
import { Skeleton } from '../../../ui/skeleton';
import { capitalize, severityLabel } from '../severity';
import { useRelatedIncidents } from './related-api';

/**
 * The incidents panel of a config or a component: the incidents whose evidence points at it, each
 * opening its detail. The screens show it only when incidents are enabled (spec 2 §6).
 */
export function RelatedIncidents({ target }: { target: ResourceRef }) {
  const incidents = useRelatedIncidents(target);
  const noun = target.component_id ? 'component' : 'config';
  return (
    <section aria-label="Incidents" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Incidents</h3>
        {target.component_id && (
          <Link to={`/incidents?component=${encodeURIComponent(target.component_id)}&status=all`} className={linkClass}>
            View all
          </Link>
        )}
      </div>
      {incidents.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : incidents.isError ? (
        <ErrorPanel error={incidents.error} hideDetails />
      ) : incidents.data.length === 0 ? (
        <p className="text-sm text-fg-muted">No incidents involve this {noun}.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {incidents.data.map((incident) => (
            <li key={incident.id} className="flex min-w-0 items-center gap-2 text-sm">
              <Link to={`/incidents/${encodeURIComponent(incident.id)}`} className={`${linkClass} min-w-0 flex-1 truncate`}>
                <span className="mr-1.5 font-mono text-xs text-fg-muted">{incident.incident_id}</span>
                {incident.title}
              </Link>
              <span className="text-xs text-fg-muted">{severityLabel(incident.severity)}</span>
              <span className="text-xs text-fg-muted">{capitalize(incident.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
