import { LOCAL_AGENT_ID } from '@pharos/core';

/** The name of the agent a row came from, beside the row's name; nothing for the local agent. */
export function AgentBadge({ agentId, name }: { agentId: string | null | undefined; name?: string | null | undefined }) {
  if (!agentId || agentId === LOCAL_AGENT_ID) return null;
  return (
    <span title="Agent" className="shrink-0 truncate rounded-full bg-surface-muted px-2 py-0.5 text-xs font-normal text-fg-muted">
      {name ?? agentId}
    </span>
  );
}
