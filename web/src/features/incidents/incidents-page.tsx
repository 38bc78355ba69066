import { Link, useSearchParams } from 'react-router';
import { AvatarGroup } from '../../ui/avatar-group';
import { ErrorPanel } from '../../ui/error-panel';
import { RelativeTime } from '../../ui/relative-time';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useIncidentList } from './api';
import { CreateIncidentDialog } from './create-incident-dialog';
import { readIncidentFilters } from './incident-filters';
import { IncidentsFilterBar } from './incidents-filter-bar';
import { capitalize, severityLabel } from './severity';

export const NO_INCIDENTS = 'There are no incidents matching this criteria';

/** `/incidents`: incidents filtered by the query string, each with at most 5 responder avatars. */
export function IncidentsPage() {
  useDocumentTitle('Incidents | Pharos');
  const [search] = useSearchParams();
  const filters = readIncidentFilters(search);
  const incidents = useIncidentList(filters);
  const rows = incidents.data ?? [];

  return (
    <main className="flex min-h-0 flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-lg font-semibold text-fg">Incidents</h1>
        <CreateIncidentDialog />
      </div>
      <IncidentsFilterBar filters={filters} />
      {incidents.isError && <ErrorPanel error={incidents.error} title="Could not load the incidents" hideDetails />}
      {incidents.isPending && <p className="text-sm text-fg-muted">Loading ...</p>}
      {incidents.isSuccess && rows.length === 0 && <p className="py-8 text-center text-sm text-fg-muted">{NO_INCIDENTS}</p>}
      {rows.length > 0 && (
        <table aria-label="Incidents" className="w-full text-left text-sm">
          <thead className="text-xs text-fg-muted uppercase">
            <tr>
              <th className="px-2 py-2">Incident</th>
              <th className="px-2 py-2">Severity</th>
              <th className="px-2 py-2">Status</th>
              <th className="px-2 py-2">Type</th>
              <th className="px-2 py-2">Responders</th>
              <th className="px-2 py-2">Created</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-border">
                <td className="px-2 py-2">
                  <Link to={`/incidents/${encodeURIComponent(row.id)}`} className="text-fg hover:underline">
                    <span className="mr-2 text-fg-muted">{row.incident_id}</span>
                    {row.title}
                  </Link>
                </td>
                <td className="px-2 py-2">{severityLabel(row.severity)}</td>
                <td className="px-2 py-2">{capitalize(row.status)}</td>
                <td className="px-2 py-2">{capitalize(row.type)}</td>
                <td className="px-2 py-2">
                  <AvatarGroup people={row.responders ?? []} max={5} label="Responders" />
                </td>
                <td className="px-2 py-2">
                  <RelativeTime value={row.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
