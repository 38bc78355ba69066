import type { TimeRangeValue } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import { timeRangeBounds } from '../../../ui/time-range-url';

/** The body of POST /api/catalog/changes (spec 2 section 7) that the screens send. */
export interface ChangesRequest {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  summary?: string;
  source?: string;
  created_by?: string;
  external_created_by?: string;
  from?: string;
  to?: string;
  page: number;
  page_size: number;
  sort_by: string;
  sortOrder: 'asc' | 'desc';
  tags?: { key: string; value: string; exclude: boolean }[];
  type_filter?: 'all' | 'upstream' | 'downstream' | 'none';
  depth?: number;
}

/** A row of the changes list. */
export interface ChangeListItem {
  id: string;
  config_id: string;
  name: string | null;
  type: string | null;
  change_type: string;
  summary: string | null;
  severity: string | null;
  source: string | null;
  created_at: string;
  first_observed: string;
  count: number;
  created_by: string | null;
  external_created_by: string | null;
  tags: Record<string, string> | null;
  config: { id: string; name: string | null; type: string | null; deleted_at: string | null };
}

/** One change in full, as GET /api/db/config_changes gives it. */
export interface ChangeDetail extends Omit<ChangeListItem, 'name' | 'type' | 'tags' | 'config'> {
  diff: string | null;
  patches: unknown;
  details: unknown;
}

export const changesKeys = {
  all: ['catalog', 'changes'] as const,
  list: (request: ChangesRequest, range: TimeRangeValue) => [...changesKeys.all, 'list', request, range] as const,
  one: (configId: string, id: string) => [...changesKeys.all, 'one', configId, id] as const,
  changeTypes: () => [...changesKeys.all, 'change_types'] as const,
  configTypes: () => ['catalog', 'config_types'] as const,
};

/**
 * The changes of `range`, resolved when each request is sent: a relative range ('last 2 days') ends at
 * that moment, so a refresh or another filter finds the changes made since the page was opened.
 */
export function useCatalogChanges(request: ChangesRequest | null, range: TimeRangeValue) {
  return useQuery({
    queryKey: changesKeys.list(request ?? ({} as ChangesRequest), range),
    queryFn: ({ signal }) => http.post<{ changes: ChangeListItem[]; total: number }>('/api/catalog/changes', { ...request, ...timeRangeBounds(range) }, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    // The list shows its error in place (spec 2 section 8).
    meta: { errorToast: false },
  });
}

export function useChange(configId: string | null, id: string | null) {
  return useQuery({
    queryKey: changesKeys.one(configId ?? '', id ?? ''),
    enabled: configId !== null && id !== null,
    queryFn: async () => {
      const { data } = await db.from('config_changes').select('*').eq('config_id', configId!).eq('id', id!).throwOnError();
      return ((data ?? []) as ChangeDetail[])[0] ?? null;
    },
  });
}

export function useChangeTypes() {
  return useQuery({
    queryKey: changesKeys.changeTypes(),
    queryFn: async () => {
      const { data } = await db.from('change_types').select('change_type').throwOnError();
      return ((data ?? []) as { change_type: string }[]).map((row) => row.change_type);
    },
  });
}

export function useConfigTypes() {
  return useQuery({
    queryKey: changesKeys.configTypes(),
    queryFn: async () => {
      const { data } = await db.from('config_types').select('type').order('type').throwOnError();
      return ((data ?? []) as { type: string }[]).map((row) => row.type);
    },
  });
}
