import { INCIDENT_STATUSES, INCIDENT_TYPES } from '@pharos/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { db } from '../../api/postgrest';
import { SearchBox } from '../../ui/search-box';
import { incidentKeys, usePeople } from './api';
import { ALL, INCIDENT_FILTER_PARAMS, type IncidentFilters } from './incident-filters';
import { LabelledSelect } from './labelled-select';
import { capitalize, VIEW_SEVERITIES } from './severity';

function useComponentNames() {
  return useQuery({
    queryKey: incidentKeys.components(),
    queryFn: async ({ signal }) => {
      const { data } = await db.from('components').select('id,name').is('deleted_at', null).order('name').limit(500).abortSignal(signal).throwOnError();
      return (data ?? []) as { id: string; name: string | null }[];
    },
    staleTime: 300_000,
  });
}

/** Severity, status (open unless the URL says otherwise), owner, type, component and search, all in the URL. */
export function IncidentsFilterBar({ filters }: { filters: IncidentFilters }) {
  const [, setSearch] = useSearchParams();
  const people = usePeople();
  const components = useComponentNames();

  const set = (param: string, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(param, value);
      else next.delete(param);
      return next;
    });

  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-3">
      <SearchBox urlParam={INCIDENT_FILTER_PARAMS.search} label="Search incidents" placeholder="Search" className="w-64" />
      <LabelledSelect
        label="Severity"
        value={filters.severity}
        all=""
        options={VIEW_SEVERITIES.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(value) => set(INCIDENT_FILTER_PARAMS.severity, value)}
      />
      <LabelledSelect
        label="Status"
        value={filters.status || ALL}
        all={ALL}
        options={INCIDENT_STATUSES.map((s) => ({ value: s, label: capitalize(s) }))}
        // The default (open) is left out of the URL.
        onChange={(value) => set(INCIDENT_FILTER_PARAMS.status, value === 'open' ? '' : value)}
      />
      <LabelledSelect
        label="Owner"
        value={filters.owner}
        all=""
        options={(people.data ?? []).map((p) => ({ value: p.id, label: p.name ?? p.id }))}
        onChange={(value) => set(INCIDENT_FILTER_PARAMS.owner, value)}
      />
      <LabelledSelect
        label="Type"
        value={filters.type}
        all=""
        options={INCIDENT_TYPES.map((t) => ({ value: t, label: capitalize(t) }))}
        onChange={(value) => set(INCIDENT_FILTER_PARAMS.type, value)}
      />
      <LabelledSelect
        label="Component"
        value={filters.component}
        all=""
        options={(components.data ?? []).map((c) => ({ value: c.id, label: c.name ?? c.id }))}
        onChange={(value) => set(INCIDENT_FILTER_PARAMS.component, value)}
      />
    </div>
  );
}
