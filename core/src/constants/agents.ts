/** Agent constants and the online rule (spec 1 §3, §4, §9). */
import { toDate, type DateInput } from '../format/zero-date.js';

/** The all-zeros agent id means the local agent. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export const AGENT_SCRAPE_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export type AgentScrapeInterval = (typeof AGENT_SCRAPE_INTERVALS)[number];

export const AGENT_DEFAULTS = {
  kubernetes: { enabled: false, interval: '30m' },
  pushTelemetry: { enabled: false },
  sortBy: 'created_at',
  sortOrder: 'desc',
} as const;

export const AGENT_ONLINE_WINDOW_MS = 61_000;

/** Online when last seen within the last 61 seconds (inclusive); never seen means offline. */
export function isAgentOnline(lastSeen: DateInput | null | undefined, now: DateInput = Date.now()): boolean {
  const seen = toDate(lastSeen);
  const current = toDate(now);
  if (!seen || !current) return false;
  return current.getTime() - seen.getTime() <= AGENT_ONLINE_WINDOW_MS;
}
