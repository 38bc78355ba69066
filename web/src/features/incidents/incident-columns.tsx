import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AvatarGroup } from '../../ui/avatar-group';
import { RelativeTime } from '../../ui/relative-time';
import type { IncidentSummaryRow as IncidentRow } from './types';
import { capitalize, severityLabel } from './severity';

/** One column of the incidents list: its id (kept in layouts and `columns` links), its title and its cell. */
export interface IncidentColumn {
  id: string;
  label: string;
  cell: (row: IncidentRow) => ReactNode;
  /** The incident's link: never hidden. */
  alwaysShown?: boolean;
}

export const INCIDENT_COLUMNS: readonly IncidentColumn[] = [
  {
    id: 'incident',
    label: 'Incident',
    alwaysShown: true,
    cell: (row) => (
      <Link to={`/incidents/${encodeURIComponent(row.id)}`} className="text-fg hover:underline">
        <span className="mr-2 text-fg-muted">{row.incident_id}</span>
        {row.title}
      </Link>
    ),
  },
  { id: 'severity', label: 'Severity', cell: (row) => severityLabel(row.severity) },
  { id: 'status', label: 'Status', cell: (row) => capitalize(row.status) },
  { id: 'type', label: 'Type', cell: (row) => capitalize(row.type) },
  { id: 'responders', label: 'Responders', cell: (row) => <AvatarGroup people={row.responders ?? []} max={5} label="Responders" /> },
  { id: 'created', label: 'Created', cell: (row) => <RelativeTime value={row.created_at} /> },
];

export const INCIDENT_COLUMN_IDS = INCIDENT_COLUMNS.map((column) => column.id);
