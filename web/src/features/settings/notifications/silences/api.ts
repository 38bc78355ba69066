import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../api/api-error';
import { http } from '../../../../api/http';
import { db } from '../../../../api/postgrest';
import { notificationKeys } from '../api';
import type { SilencePayload, SilencePreview, SilencePreviewRequest, SilenceRow } from './types';

export const SILENCE_SELECT = '*,created_by(id,name,avatar),notification:notification_id(id,title)';
export const PREVIEW_PATH = '/api/notifications/silences/preview';

/** `GET /notification_silences` not deleted, newest first, with creator and notification. */
export function useSilences() {
  return useQuery({
    queryKey: notificationKeys.silences(),
    queryFn: async ({ signal }) => {
      const { data } = await db
        .from('notification_silences')
        .select(SILENCE_SELECT)
        .is('deleted_at', null)
        .order('created_at', { ascending: false })
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as SilenceRow[];
    },
  });
}

export type SilenceChange = { kind: 'create'; payload: SilencePayload } | { kind: 'update'; id: string; payload: SilencePayload } | { kind: 'delete'; id: string };

/** Creates, updates or soft-deletes (deleted_at now) a silence; silences and send counts refetch. */
export function useChangeSilence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SilenceChange) => {
      const table = db.from('notification_silences');
      if (change.kind === 'create') await table.insert(change.payload).throwOnError();
      else if (change.kind === 'update') await table.update(change.payload).eq('id', change.id).throwOnError();
      else await table.update({ deleted_at: new Date().toISOString() }).eq('id', change.id).throwOnError();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** The preview's answer, or the server's words about a bad filter or selector (400). */
export type PreviewResult = { ok: true; preview: SilencePreview } | { ok: false; message: string };

/** `POST /api/notifications/silences/preview`: what the silence would have muted in the last 7 days. */
export function useSilencePreview(request: SilencePreviewRequest | undefined) {
  return useQuery({
    queryKey: [...notificationKeys.silences(), 'preview', request ?? null] as const,
    queryFn: async ({ signal }): Promise<PreviewResult> => {
      try {
        return { ok: true, preview: await http.post<SilencePreview>(PREVIEW_PATH, request, { signal }) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return { ok: false, message: error.message };
        throw error;
      }
    },
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The notifications a silence may be limited to, by title. */
export function useNotificationChoices() {
  return useQuery({
    queryKey: [...notificationKeys.all, 'choices'] as const,
    queryFn: async ({ signal }) => {
      const { data } = await db
        .from('notifications')
        .select('id,title,events')
        .is('deleted_at', null)
        .order('created_at', { ascending: false })
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as { id: string; title: string | null; events: string[] }[];
    },
  });
}
