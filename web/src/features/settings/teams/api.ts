import { STALE_TIME_MS } from '@pharos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { settingsKeys } from '../../../api/settings-keys';

export interface Person {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
}

export interface TeamMember {
  team_id: string;
  person_id: Person;
}

/** `GET /team_members?team_id=eq.{id}&select=*,person_id(*)`. */
export function useTeamMembers(teamId: string) {
  return useQuery({
    queryKey: settingsKeys.teamMembers(teamId),
    queryFn: async ({ signal }): Promise<TeamMember[]> => {
      const { data } = await db
        .from('team_members')
        .select('*,person_id(*)')
        .eq('team_id', teamId)
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as TeamMember[];
    },
  });
}

/** `GET /people`: the people who can be added to a team (users, not deleted), by name. */
export function usePeople() {
  return useQuery({
    queryKey: settingsKeys.people(),
    queryFn: async ({ signal }): Promise<Person[]> => {
      const { data } = await db
        .from('people')
        .select('id,name,email,avatar')
        .is('deleted_at', null)
        .eq('type', 'user')
        .order('name', { ascending: true })
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as Person[];
    },
    staleTime: STALE_TIME_MS,
  });
}

/** `POST /team_members` with one row per person. */
export function useAddTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (personIds: readonly string[]) => {
      await db
        .from('team_members')
        .insert(personIds.map((personId) => ({ team_id: teamId, person_id: personId })))
        .throwOnError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.teamMembers(teamId) }),
  });
}

/** `DELETE /team_members?person_id=eq.{id}&team_id=eq.{teamId}`. */
export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (personId: string) => {
      await db.from('team_members').delete().eq('person_id', personId).eq('team_id', teamId).throwOnError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.teamMembers(teamId) }),
  });
}
