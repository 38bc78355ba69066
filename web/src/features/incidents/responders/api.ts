import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import { toast } from '../../../ui/toast/toast-store';
import { incidentKeys } from '../api';
import type { NewResponder, ResponderOptions, ResponderRow, TeamRef } from './types';

export const RESPONDER_ADDED = 'Responder added successfully';
export const RESPONDER_DELETED = 'Responder deleted successfully';
/** How often open team responders are read again. */
export const RESPONDER_REFRESH_MS = 30_000;

export const responderKeys = {
  list: (incidentId: string) => [...incidentKeys.all, 'responders', incidentId] as const,
  teams: () => [...incidentKeys.all, 'responder-teams'] as const,
  options: (teamId: string, type: string, query: Record<string, string>) => [...incidentKeys.all, 'responder-options', teamId, type, query] as const,
};

const TEAM = '(id,name,icon,spec)';
const PERSON = '(id,name,avatar)';

/** `GET /responders` of the incident that are not deleted, with their team and person (spec 2 §7). */
export function useResponders(incidentId: string) {
  return useQuery({
    queryKey: responderKeys.list(incidentId),
    queryFn: async ({ signal }): Promise<ResponderRow[]> => {
      const { data } = await db
        .from('responders')
        .select(`*,team:team_id${TEAM},person:person_id${PERSON}`)
        .eq('incident_id', incidentId)
        .is('deleted_at', null)
        .order('created_at')
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as ResponderRow[];
    },
    // The server creates tickets and follows their state on a 30 s schedule: read them again as long as one is open.
    refetchInterval: (query) => (query.state.data?.some((responder) => responder.type === 'system' && !responder.close_time) ? RESPONDER_REFRESH_MS : false),
    meta: { errorToast: false },
  });
}

/** The teams a responder can be picked from, with the clients of each. */
export function useResponderTeams(enabled: boolean) {
  return useQuery({
    queryKey: responderKeys.teams(),
    queryFn: async ({ signal }): Promise<TeamRef[]> => {
      const { data } = await db.from('teams').select('id,name,icon,spec').is('deleted_at', null).order('name').abortSignal(signal).throwOnError();
      return (data ?? []) as unknown as TeamRef[];
    },
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Choices of a client's fields that live in the remote system (Jira projects, issue types and
 * priorities; Planner plans, buckets and priorities), through the team's own connection.
 */
export function useResponderOptions(teamId: string, type: string, query: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: responderKeys.options(teamId, type, query),
    queryFn: ({ signal }) => http.get<ResponderOptions>('/api/incidents/responder-options', { query: { team_id: teamId, type, ...query }, signal }),
    enabled,
    staleTime: 60_000,
    // The form says why and lets the value be typed instead; asking again would only delay that.
    retry: false,
    meta: { errorToast: false },
  });
}

export interface ResponderInsert {
  incident_id: string;
  team_id?: string;
  person_id?: string;
  type: 'system' | 'person';
  properties: Record<string, string>;
}

/** The row `POST /responders` writes (the server records the caller as creator). */
export function responderBody(incidentId: string, responder: NewResponder): ResponderInsert {
  if (responder.kind === 'person') {
    return { incident_id: incidentId, person_id: responder.person_id, type: 'person', properties: { responderType: 'person', person: responder.person_id } };
  }
  return { incident_id: incidentId, team_id: responder.team_id, type: 'system', properties: { responderType: responder.responderType, ...responder.fields } };
}

function useRefresh(incidentId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: responderKeys.list(incidentId) }),
      queryClient.invalidateQueries({ queryKey: incidentKeys.history(incidentId) }),
    ]);
}

/** `POST /responders`: 'Responder added successfully', else the server's message. */
export function useAddResponder(incidentId: string) {
  const refresh = useRefresh(incidentId);
  return useMutation({
    mutationFn: async (responder: NewResponder) => {
      await db.from('responders').insert(responderBody(incidentId, responder)).throwOnError();
    },
    onSuccess: () => toast.success(RESPONDER_ADDED),
    onError: (error) => toast.error(error.message || 'Adding the responder failed'),
    onSettled: refresh,
    meta: { errorToast: false },
  });
}

/** Soft delete: `PATCH /responders?id=eq.{id}` with deleted_at now. */
export function useDeleteResponder(incidentId: string) {
  const refresh = useRefresh(incidentId);
  return useMutation({
    mutationFn: async (id: string) => {
      await db.from('responders').update({ deleted_at: new Date().toISOString() }).eq('id', id).throwOnError();
    },
    onSuccess: () => toast.success(RESPONDER_DELETED),
    onError: (error) => toast.error(error.message || 'Deleting the responder failed'),
    onSettled: refresh,
    meta: { errorToast: false },
  });
}
