import { INCIDENT_LIST_DEFAULT_STATUS } from '@pharos/core';
import { postgrestList, type FilterClause } from '../../ui/filter-clauses';
import { storedSeverities, viewSeverity } from './severity';

/** Query parameters of the list's filters (spec 2 §2). */
export const INCIDENT_FILTER_PARAMS = {
  severity: 'severity',
  status: 'status',
  owner: 'owner',
  type: 'type',
  component: 'component',
  search: 'search',
} as const;

/** `status=all` in the URL: every status (an absent status means the default, open). */
export const ALL = 'all';

export interface IncidentFilters {
  severity: string;
  /** A status, or '' for every status. */
  status: string;
  owner: string;
  type: string;
  component: string;
  search: string;
}

export function readIncidentFilters(search: URLSearchParams): IncidentFilters {
  const status = search.get(INCIDENT_FILTER_PARAMS.status) ?? INCIDENT_LIST_DEFAULT_STATUS;
  return {
    severity: viewSeverity(search.get(INCIDENT_FILTER_PARAMS.severity) ?? ''),
    status: status === ALL ? '' : status,
    owner: search.get(INCIDENT_FILTER_PARAMS.owner) ?? '',
    type: search.get(INCIDENT_FILTER_PARAMS.type) ?? '',
    component: search.get(INCIDENT_FILTER_PARAMS.component) ?? '',
    search: search.get(INCIDENT_FILTER_PARAMS.search) ?? '',
  };
}

/** The `incident_summary` filters (spec 2 §7): eq on severity, status, type, created_by; the component among the evidence's; title search. */
export function incidentClauses(filters: IncidentFilters): FilterClause[] {
  const clauses: FilterClause[] = [];
  if (filters.severity) clauses.push({ column: 'severity', operator: 'in', value: postgrestList(storedSeverities(filters.severity)) });
  if (filters.status) clauses.push({ column: 'status', operator: 'eq', value: filters.status });
  if (filters.type) clauses.push({ column: 'type', operator: 'eq', value: filters.type });
  if (filters.owner) clauses.push({ column: 'created_by', operator: 'eq', value: filters.owner });
  if (filters.component) clauses.push({ column: 'component_ids', operator: 'cs', value: `{${filters.component}}` });
  const text = filters.search.trim();
  if (text) clauses.push({ column: 'title', operator: 'ilike', value: `*${text.replace(/[*%]/g, '')}*` });
  return clauses;
}
