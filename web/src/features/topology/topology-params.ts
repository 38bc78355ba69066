import { TOPOLOGY_SORT_DEFAULTS, type TopologyQuery } from '@pharos/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The dashboard's query parameters, as spec 2 §2 names them. */
export const TOPOLOGY_PARAMS = ['labels', 'team', 'type', 'status', 'refererId', 'sortBy', 'sortOrder', 'agent_id', 'showHiddenComponents'] as const;
export type TopologyParam = (typeof TOPOLOGY_PARAMS)[number];

export type SortOrder = 'asc' | 'desc';

/** The dashboard's filters as the URL holds them ('' for none). */
export interface TopologyFilters {
  labels: string;
  team: string;
  type: string;
  status: string;
  agentId: string;
  refererId: string;
  showHidden: boolean;
}

/** 'All' in a filter means no filter (the agent filter sends none, spec 2 §7). */
const ALL = 'All';

function filterValue(search: URLSearchParams, name: TopologyParam): string {
  const value = search.get(name)?.trim() ?? '';
  return value === ALL ? '' : value;
}

export function readTopologyFilters(search: URLSearchParams): TopologyFilters {
  return {
    labels: filterValue(search, 'labels'),
    team: filterValue(search, 'team'),
    type: filterValue(search, 'type'),
    status: filterValue(search, 'status'),
    agentId: filterValue(search, 'agent_id'),
    refererId: search.get('refererId') ?? '',
    showHidden: search.get('showHiddenComponents') === 'yes',
  };
}

/** The sort the URL names, else the one stored, else status desc. */
export function resolveSort(search: URLSearchParams, stored: { sortBy: string | null; sortOrder: SortOrder | null }): { sortBy: string; sortOrder: SortOrder } {
  const urlOrder = search.get('sortOrder');
  return {
    sortBy: search.get('sortBy') || stored.sortBy || TOPOLOGY_SORT_DEFAULTS.sortBy,
    sortOrder: urlOrder === 'asc' || urlOrder === 'desc' ? urlOrder : (stored.sortOrder ?? TOPOLOGY_SORT_DEFAULTS.sortOrder),
  };
}

/** GET /api/topology's query for the page: the component `id` (on /topology/{id}), the filters and the sort. */
export function topologyQueryOf(id: string | undefined, filters: TopologyFilters, sort: { sortBy: string; sortOrder: SortOrder }): TopologyQuery {
  const query: TopologyQuery = { sortBy: sort.sortBy, sortOrder: sort.sortOrder };
  if (id) query.id = id;
  if (filters.status) query.status = filters.status;
  if (filters.type) {
    query.type = filters.type;
    query.flatten = true;
  }
  if (filters.team) query.team = filters.team;
  if (filters.labels) query.labels = filters.labels;
  if (filters.agentId) query.agent_id = filters.agentId;
  if (filters.showHidden) query.hidden = true;
  return query;
}

export type TopologyParamChanges = Readonly<Partial<Record<TopologyParam, string | null>>>;

/** The dashboard's query parameters and a setter of several at once (null or '' removes one). */
export function useTopologyParams(): [URLSearchParams, (changes: TopologyParamChanges) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (changes: TopologyParamChanges) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setSearch],
  );
  return [search, update];
}

/** The link of a component's page, keeping the dashboard's other parameters (spec 2 §2). */
export function componentPath(id: string, search: URLSearchParams | string): string {
  const query = new URLSearchParams(search).toString();
  return `/topology/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a component at all (GET /api/topology refuses anything else). */
export const isComponentId = (id: string) => UUID.test(id);
