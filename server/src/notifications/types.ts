import type { ExpressionSandbox } from '../expressions/sandbox.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type pg from 'pg';

/** A live notification rule as delivery reads it. */
export interface NotificationRule {
  id: string;
  name: string | null;
  namespace: string;
  title: string | null;
  events: string[];
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: unknown;
  repeat_interval: string | null;
  template: string | null;
  properties: Record<string, unknown> | null;
  /** Failures under an unhealthy component are held and sent as one message naming it. */
  group_by_topology: boolean;
  /** How long such a group holds sends (30s, 5m, 1h); 5m when empty. */
  group_window: string | null;
}

/** What an event is about, with the variables filters, silences and templates read. */
export interface Subject {
  /** check | config | component | playbook_run | playbook */
  type: string;
  id: string | null;
  name: string | null;
  labels: Record<string, string>;
  /** The check's canary, for silences that select a canary. */
  canaryId: string | null;
  variables: Record<string, unknown>;
}

/** Where the server sends e-mail to people, and the address links point back to. */
export interface DeliveryConfig {
  /** smtp(s)://user:pass@host:port; absent: e-mail to people fails with a clear error. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Pharos's own address, for permalinks. */
  publicUrl: string | undefined;
}

export interface NotificationOptions {
  pool: pg.Pool;
  secrets: ServerSecrets;
  sandbox: ExpressionSandbox;
  delivery: DeliveryConfig;
}
