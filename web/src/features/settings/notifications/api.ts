import { NOTIFICATION_CHANNEL_TYPES, STALE_TIME_MS } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { settingsKeys } from '../../../api/settings-keys';
import { CREATED_SOURCE, type NotificationPayload } from './form-values';
import type { NotificationRow, NotificationSummary } from './types';

const PERSON = '(id,name,avatar)';
/** `notifications_summary` carries person and team already; created_by is embedded. */
export const SUMMARY_SELECT = `*,created_by${PERSON}`;
export const DETAIL_SELECT = `*,person:person_id(id,name,avatar,email),team:team_id(id,name,icon),created_by${PERSON}`;

export const notificationKeys = {
  all: settingsKeys.table('notifications'),
  list: (params: Readonly<Record<string, number>>) => settingsKeys.list('notifications', params),
  detail: (id: string) => settingsKeys.detail('notifications', id),
  history: (id: string, params: Readonly<Record<string, number>>) => [...settingsKeys.table('notifications'), 'history', id, params] as const,
  silences: () => [...settingsKeys.table('notifications'), 'silences'] as const,
  connections: () => [...settingsKeys.table('connections'), 'channels'] as const,
  teams: () => [...settingsKeys.table('teams'), 'picker'] as const,
};

/** `GET /notifications_summary` with person, team and created_by, newest first, counted. */
export function useNotificationSummaries({ pageIndex, pageSize }: { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: notificationKeys.list({ pageIndex, pageSize }),
    queryFn: async ({ signal }) => {
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from('notifications_summary')
        .select(SUMMARY_SELECT, { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as unknown as NotificationSummary[];
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /notifications?id=eq.{id}` with person, team and created_by joined. */
export function useNotification(id: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.detail(id ?? ''),
    queryFn: async ({ signal }): Promise<NotificationRow | null> => {
      const { data } = await db
        .from('notifications')
        .select(DETAIL_SELECT)
        .eq('id', id ?? '')
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as unknown as NotificationRow[])[0] ?? null;
    },
    enabled: id !== undefined,
  });
}

export type NotificationChange = { kind: 'create'; payload: NotificationPayload; createdBy: string | null } | { kind: 'update'; id: string; payload: NotificationPayload };

/** Creates (`POST /notifications`, source UI) or updates (`PATCH /notifications?id=eq.{id}`) a notification. */
export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: NotificationChange) => {
      const table = db.from('notifications');
      if (change.kind === 'create') {
        const createdBy = change.createdBy ? { created_by: change.createdBy } : {};
        await table.insert({ ...change.payload, source: CREATED_SOURCE, ...createdBy }).throwOnError();
      } else {
        await table.update(change.payload).eq('id', change.id).throwOnError();
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export interface ChannelConnection {
  id: string;
  name: string;
  type: string;
}

const CHANNEL_TYPES: ReadonlySet<string> = new Set(NOTIFICATION_CHANNEL_TYPES);

/** `GET /connections` (name, id, type) for the Others picker: the connections notifications can send through. */
export function useChannelConnections(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.connections(),
    queryFn: async ({ signal }): Promise<ChannelConnection[]> => {
      const { data } = await db
        .from('connections')
        .select('name,id,type')
        .is('deleted_at', null)
        .order('name', { ascending: true })
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as ChannelConnection[]).filter((row) => CHANNEL_TYPES.has(row.type));
    },
    enabled,
    staleTime: STALE_TIME_MS,
  });
}

/** `GET /teams?deleted_at=is.null&order=name.asc` for the Team picker. */
export function useTeams(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.teams(),
    queryFn: async ({ signal }) => {
      const { data } = await db
        .from('teams')
        .select('id,name,icon')
        .is('deleted_at', null)
        .order('name', { ascending: true })
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as { id: string; name: string; icon: string | null }[];
    },
    enabled,
    staleTime: STALE_TIME_MS,
  });
}
