import { LOCAL_AGENT_ID } from '@pharos/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { db } from '../../api/postgrest';
import { healthKeys } from './api';

/** Agents change rarely (spec 1 section 9: stale time 300000 ms for agents). */
const AGENTS_STALE_MS = 300_000;

/** Names of the agents of the checks, for Tab By agent and the checks' agent badges: GET /agents?select=id,name&id=in.(…); the local agent is 'local'. */
export function useAgentNames(ids: readonly string[], enabled: boolean): ReadonlyMap<string, string> {
  const remote = ids.filter((id) => id !== LOCAL_AGENT_ID).sort();
  const query = useQuery({
    queryKey: [...healthKeys.all, 'agents', remote],
    queryFn: async ({ signal }) => {
      const { data } = await db.from('agents').select('id,name').in('id', remote).abortSignal(signal).throwOnError();
      return (data ?? []) as { id: string; name: string }[];
    },
    enabled: enabled && remote.length > 0,
    staleTime: AGENTS_STALE_MS,
  });
  const names = new Map<string, string>([[LOCAL_AGENT_ID, 'local']]);
  for (const agent of query.data ?? []) names.set(agent.id, agent.name);
  return names;
}

const AgentNames = createContext<ReadonlyMap<string, string>>(new Map());

/** The agent names the check rows show (their page loads them once for every row). */
export const AgentNamesProvider = AgentNames.Provider;

/** The name of a check's agent, its id while names load. */
export function useAgentName(agentId: string): string {
  return useContext(AgentNames).get(agentId) ?? agentId;
}
