import { specSchemaPath, type SpecSchemaName } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonRef } from '../ui/resource-settings/person-cell';
import type { SettingsTableConfig } from '../ui/resource-settings/tables';
import { http } from './http';
import { db } from './postgrest';
import { queryKeys } from './query-keys';
import { settingsKeys } from './settings-keys';

/** A row of a settings table (or its `_with_status` view); columns differ between tables. */
export interface SettingsResource {
  id: string;
  name: string | null;
  namespace?: string | null;
  labels?: Record<string, string> | null;
  spec?: unknown;
  icon?: string | null;
  schedule?: string | null;
  source?: string | null;
  agent_id?: string | null;
  agent?: { id: string; name: string | null } | null;
  created_by?: PersonRef | null;
  created_at: string;
  updated_at?: string | null;
  last_runtime?: string | null;
  job_status?: string | null;
  job_last_failed?: string | null;
  job_name?: string | null;
  job_time_start?: string | null;
  [column: string]: unknown;
}

export interface ListParams {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean };
}

export interface Page<T> {
  rows: T[];
  total: number;
}

const CREATED_BY = 'created_by(id,name,avatar)';

/**
 * `GET {table}?select=*,created_by(id,name,avatar)&deleted_at=is.null&order=created_at.desc&limit=100`
 * (the `_with_status` view except incident_rules and connections), paged and counted.
 */
export function useSettingsList(config: SettingsTableConfig, params: ListParams) {
  const { pageIndex, pageSize, sort } = params;
  return useQuery({
    queryKey: settingsKeys.list(config.table, { pageIndex, pageSize, sortBy: sort.id, desc: sort.desc }),
    queryFn: async ({ signal }): Promise<Page<SettingsResource>> => {
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from(config.listRelation)
        .select(`*,${CREATED_BY}`, { count: 'exact' })
        .is('deleted_at', null)
        .order(sort.id, { ascending: !sort.desc })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as SettingsResource[];
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET {table}?id=eq.{id}`, with who created it and (where the table has one) its agent. */
export function useSettingsResource(config: SettingsTableConfig, id: string) {
  return useQuery({
    queryKey: settingsKeys.detail(config.table, id),
    queryFn: async ({ signal }): Promise<SettingsResource | null> => {
      const select = config.hasAgent ? `*,${CREATED_BY},agent:agent_id(id,name)` : `*,${CREATED_BY}`;
      const { data } = await db.from(config.table).select(select).eq('id', id).abortSignal(signal).throwOnError();
      const rows = (data ?? []) as unknown as SettingsResource[];
      return rows[0] ?? null;
    },
    meta: { errorToast: false },
  });
}

/** The JSON Schema a spec editor validates against (`/api/schemas/{name}.schema.json`). */
export function useSpecSchema(name: SpecSchemaName | undefined) {
  return useQuery({
    queryKey: settingsKeys.schema(name ?? ''),
    queryFn: ({ signal }) => http.get<object>(specSchemaPath(name as SpecSchemaName), { signal }),
    enabled: name !== undefined,
    staleTime: Infinity,
    meta: { errorToast: false },
  });
}

/** Refetches a table's lists and details; a change of properties also reaches the shell's feature flags. */
function useInvalidateTable(config: SettingsTableConfig) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.table(config.table) }),
      config.table === 'properties' ? queryClient.invalidateQueries({ queryKey: queryKeys.properties.all }) : undefined,
    ]);
}

export interface SavedResource {
  id: string;
  name: string | null;
}

/** `POST {table}` for a new resource, `PATCH {table}?id=eq.{id}` for an existing one. */
export function useSaveSettingsResource(config: SettingsTableConfig) {
  const invalidate = useInvalidateTable(config);
  return useMutation({
    mutationFn: async ({ id, payload }: { id?: string; payload: Record<string, unknown> }): Promise<SavedResource | null> => {
      const query = id
        ? db.from(config.table).update(payload).eq('id', id).select('id,name')
        : db.from(config.table).insert(payload).select('id,name');
      const { data } = await query.throwOnError();
      const rows = (data ?? []) as unknown as SavedResource[];
      return rows[0] ?? null;
    },
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

/** Soft delete: `PATCH {table}?id=eq.{id}` with deleted_at set to now. */
export function useDeleteSettingsResource(config: SettingsTableConfig) {
  const invalidate = useInvalidateTable(config);
  return useMutation({
    mutationFn: async (id: string) => {
      await db.from(config.table).update({ deleted_at: new Date().toISOString() }).eq('id', id).throwOnError();
    },
    onSuccess: invalidate,
  });
}
