import type { CheckStatus } from '../constants/health.js';

/** One check of checks_summary (GET /api/canary/api/summary): its state, uptime and latency over a range. */
export interface CheckSummary {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  name: string;
  namespace: string | null;
  type: string;
  icon: string | null;
  description: string | null;
  endpoint: string | null;
  labels: Record<string, string>;
  /** Null until the check first ran. */
  status: CheckStatus | null;
  severity: string | null;
  uptime: { passed: number; failed: number };
  /** Milliseconds; null without runs in the window. */
  latency: { p95: number | null; p97: number | null; p99: number | null; rolling1h: number | null };
  last_runtime: string | null;
  last_transition_time: string | null;
  next_runtime: string | null;
  created_at: string;
}
