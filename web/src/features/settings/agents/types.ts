import type { AgentScrapeInterval } from '@pharos/core';

export interface AgentKubernetes {
  enabled: boolean;
  interval: AgentScrapeInterval;
}

export interface AgentPushTelemetry {
  enabled: boolean;
  topologyName?: string;
}

/** A row of `agents_summary` (spec 1 section 3); push_telemetry is the spec's pushTelemetry. */
export interface AgentSummary {
  id: string;
  name: string;
  description: string | null;
  properties: Record<string, string> | null;
  kubernetes: AgentKubernetes | null;
  push_telemetry: AgentPushTelemetry | null;
  config_count: number;
  checks_count: number;
  config_scrapper_count: number;
  playbook_runs_count: number;
  last_seen: string | null;
  last_received: string | null;
  created_at: string;
  updated_at: string;
}

/** What the Create and Edit forms send. */
export interface AgentFormValues {
  name: string;
  description: string;
  properties: Record<string, string>;
  kubernetes: AgentKubernetes;
  pushTelemetry: AgentPushTelemetry;
}

/** The answer of `POST /api/agent/generate`: the agent and its access token, shown only once. */
export interface GeneratedAgent {
  id: string;
  name: string;
  access_token: string;
}
