/** A spec's `agentSelector`: the agents (by name) that run it instead of the Pharos that holds it. */
export function agentSelectorOf(spec: unknown): string[] {
  if (typeof spec !== 'object' || spec === null) return [];
  const selector = (spec as Record<string, unknown>)['agentSelector'];
  if (!Array.isArray(selector)) return [];
  return selector.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').map((entry) => entry.trim());
}

/** Whether the spec is meant to run on agents: then the Pharos that holds it neither schedules nor runs it. */
export function runsOnAgents(spec: unknown): boolean {
  return agentSelectorOf(spec).length > 0;
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * Whether an agent's name is selected, with the rules of Flanksource's match lists: an entry is a
 * name or a glob (`eu-*`), `!name` excludes, and a list of only exclusions selects every other agent.
 */
export function selectsAgent(selector: readonly string[], agentName: string): boolean {
  const includes = selector.filter((entry) => !entry.startsWith('!'));
  const excludes = selector.filter((entry) => entry.startsWith('!')).map((entry) => entry.slice(1));
  if (excludes.some((pattern) => globToRegExp(pattern).test(agentName))) return false;
  if (includes.length === 0) return excludes.length > 0;
  return includes.some((pattern) => globToRegExp(pattern).test(agentName));
}

/** A spec without its `agentSelector`, as an agent stores what it pulled (it runs it itself). */
export function withoutAgentSelector(spec: Record<string, unknown>): Record<string, unknown> {
  const { agentSelector: _ignored, ...rest } = spec;
  return rest;
}
