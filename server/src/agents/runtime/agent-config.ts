/** How `pharos agent` (or `pharos serve` with PHAROS_UPSTREAM_URL) reaches its upstream. */
export interface AgentConfig {
  upstreamUrl: string;
  token: string;
  intervalMs: number;
}

export const DEFAULT_SYNC_INTERVAL_MS = 60_000;

/** Thrown with a message naming the variable to fix. */
export class AgentConfigError extends Error {}

/** The agent settings of the environment, or null when PHAROS_UPSTREAM_URL is not set (not an agent). */
export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig | null {
  const url = env['PHAROS_UPSTREAM_URL']?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AgentConfigError(`PHAROS_UPSTREAM_URL "${url}" is not a URL: give the upstream Pharos's address, e.g. https://pharos.example.com`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new AgentConfigError('PHAROS_UPSTREAM_URL must be an http:// or https:// address');
  const token = env['PHAROS_UPSTREAM_TOKEN']?.trim();
  if (!token) throw new AgentConfigError('PHAROS_UPSTREAM_TOKEN is required with PHAROS_UPSTREAM_URL: the access token shown when the agent was created on /settings/agents');
  const interval = env['PHAROS_AGENT_SYNC_INTERVAL_MS']?.trim();
  const intervalMs = interval ? Number(interval) : DEFAULT_SYNC_INTERVAL_MS;
  if (!Number.isInteger(intervalMs) || intervalMs < 100) throw new AgentConfigError('PHAROS_AGENT_SYNC_INTERVAL_MS must be a whole number of milliseconds, at least 100');
  return { upstreamUrl: url, token, intervalMs };
}
