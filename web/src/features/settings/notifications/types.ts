import type { PersonRef } from '../../../ui/resource-settings/person-cell';

/** A channel a notification sends to besides a person or a team: a saved connection by reference. */
export interface CustomService {
  /** `connection://{type}/{name}` (or any reference the server resolves). */
  connection?: string;
  name: string;
  url?: string;
  properties?: Record<string, string>;
}

export interface NotificationPerson {
  id: string;
  name: string | null;
  avatar?: string | null;
  email?: string | null;
}

export interface NotificationTeam {
  id: string;
  name: string;
  icon?: string | null;
}

/** A row of `notifications` with its person, team and creator (spec 3 section 3). */
export interface NotificationRow {
  id: string;
  title: string | null;
  events: string[];
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  repeat_interval: string | null;
  /** Failures under an unhealthy component are sent as one message naming it. */
  group_by_topology?: boolean;
  group_window?: string | null;
  template: string | null;
  properties: Record<string, string> | null;
  source: string | null;
  created_by: PersonRef | null;
  created_at: string;
  updated_at: string;
  person: NotificationPerson | null;
  team: NotificationTeam | null;
}

/** A row of `notifications_summary`: the rule and how its sends went. */
export interface NotificationSummary extends NotificationRow {
  pending: number | string;
  failed: number | string;
  sent: number | string;
  avg_duration_ms: number | string | null;
  most_common_error: string | null;
}

export const SEND_STATUSES = ['pending', 'sent', 'failed', 'silenced', 'repeat-interval', 'held', 'grouped'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** A row of `notification_send_history`: one send of a notification to one recipient. */
export interface SendHistoryRow {
  id: string;
  notification_id: string;
  status: SendStatus;
  error: string | null;
  duration_millis: number | null;
  source_event: string | null;
  resource_id: string | null;
  resource_type: string | null;
  resource_name: string | null;
  recipient: string | null;
  title: string | null;
  body: string | null;
  attempts: number | null;
  silenced_by: string | null;
  created_at: string;
}
