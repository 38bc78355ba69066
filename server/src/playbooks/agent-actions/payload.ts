import type { ResolvedConnection } from '../../connections/resolve.js';
import type { RunEnvironment } from '../expressions.js';
import type { ActionKind, TemplatesOn } from '../spec.js';

/** Statuses an agent reports for the action it took: still running, or how it ended. */
export const AGENT_REPORT_STATUSES = ['running', 'completed', 'failed'] as const;
export type AgentReportStatus = (typeof AGENT_REPORT_STATUSES)[number];

/** What `GET /api/agent/playbook/action` answers: one action, claimed for the calling agent, ready to run. */
export interface AgentActionPayload {
  /** The action's row: `POST /api/agent/playbook/action/{id}/status` reports on it. */
  id: string;
  run_id: string;
  playbook: { id: string; name: string; title: string };
  /** The action's name in the spec. */
  name: string;
  /** Any kind Pharos runs: the agent runs it with the same runner as this server. */
  kind: ActionKind;
  /**
   * The kind's fields, the credentials they reference resolved; templates rendered (`host`) or left
   * for the agent to render over `template_env` (`agent`).
   */
  spec: Record<string, unknown>;
  templates_on: TemplatesOn;
  /** With `templates_on: agent`: what the templates see (`.params`, `.config`, `.env`, `.actions` …); secret parameters and `env` only when the action's fields name them. */
  template_env?: RunEnvironment;
  /** The saved connections the action's fields name (a notification's channel, a gitops `repo.connection`), credentials in clear; none other. */
  connections: Record<string, ResolvedConnection>;
  /** Milliseconds the action may take: its own timeout or what is left of the playbook's. */
  timeout_ms: number;
  /** The run's parameters, secret ones redacted. */
  params: Record<string, unknown>;
  /** The resource the run is on. */
  resource: { config?: Record<string, unknown>; component?: Record<string, unknown>; check?: Record<string, unknown> };
  retry_count: number;
}

/** What an agent sends to `POST /api/agent/playbook/action/{id}/status`. */
export interface AgentActionReport {
  status: AgentReportStatus;
  /** What the action gave (stdout, stderr, exitCode; or code, headers, body …); with completed or failed. */
  result?: Record<string, unknown>;
  /** Why it failed. */
  error?: string;
}
