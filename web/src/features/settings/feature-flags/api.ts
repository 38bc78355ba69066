import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { PersonRef } from '../../../ui/resource-settings/person-cell';
import { settingsKeys } from '../../../api/settings-keys';
import { FEATURE_FLAGS_QUERY_KEY } from '../shared/shell';

/** A feature flag: a row of `properties`. */
export interface FeatureFlag {
  name: string;
  value: string;
  description: string | null;
  source: string | null;
  created_by: PersonRef | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface FeatureFlagInput {
  name: string;
  value: string;
  description: string;
}

export interface FlagListParams {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean };
}

/** `GET /properties` with who created each, paged and counted. */
export function useFeatureFlagList({ pageIndex, pageSize, sort }: FlagListParams) {
  return useQuery({
    queryKey: settingsKeys.list('properties', { pageIndex, pageSize, sortBy: sort.id, desc: sort.desc, view: 'flags' }),
    queryFn: async ({ signal }) => {
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from('properties')
        .select('name,value,description,source,created_at,updated_at,created_by(id,name,avatar)', { count: 'exact' })
        .order(sort.id, { ascending: !sort.desc })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as unknown as FeatureFlag[];
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

type FlagChange =
  | { kind: 'create'; flag: FeatureFlagInput }
  | { kind: 'update'; flag: FeatureFlagInput }
  | { kind: 'delete'; name: string };

/**
 * Saves a flag: new (`POST /properties`), updated when it exists (`PATCH /properties?name=eq.{name}`),
 * or deleted (`DELETE /properties?name=eq.{name}`). Afterwards the list and the shell's flags refetch.
 */
export function useChangeFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: FlagChange) => {
      const properties = db.from('properties');
      if (change.kind === 'create') {
        const { name, value, description } = change.flag;
        await properties.insert({ name, value, description: description || null }).throwOnError();
      } else if (change.kind === 'update') {
        const { name, value, description } = change.flag;
        await properties.update({ value, description: description || null }).eq('name', name).throwOnError();
      } else {
        await properties.delete().eq('name', change.name).throwOnError();
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.table('properties') }),
        queryClient.invalidateQueries({ queryKey: FEATURE_FLAGS_QUERY_KEY }),
      ]),
  });
}
