import type { NotificationRow, NotificationSummary, SendHistoryRow } from './types';

export const GRACE = { id: 'p-grace', name: 'Grace Hopper', avatar: null };

export const RULE: NotificationSummary = {
  id: 'n-1',
  title: 'API is down',
  events: ['check.failed'],
  filter: "check.name == 'api'",
  person_id: null,
  team_id: 't-ops',
  custom_services: null,
  repeat_interval: '1h',
  template: 'Check {{ .check.name }} failed',
  properties: null,
  source: 'UI',
  created_by: GRACE,
  created_at: '2024-03-02T10:00:00Z',
  updated_at: '2024-03-03T10:00:00Z',
  person: null,
  team: { id: 't-ops', name: 'Ops', icon: 'group' },
  pending: 1,
  failed: 3,
  sent: 12,
  avg_duration_ms: 1500,
  most_common_error: 'smtp: 550 mailbox unavailable',
};

export const APPLIED: NotificationSummary = {
  ...RULE,
  id: 'n-2',
  title: 'Config changes',
  events: ['config.updated', 'config.deleted'],
  filter: null,
  team_id: null,
  team: null,
  person_id: 'p-grace',
  person: GRACE,
  source: 'KubernetesCRD',
  template: null,
  failed: 0,
  most_common_error: null,
  created_at: '2024-03-01T10:00:00Z',
};

export function detailOf(row: NotificationSummary): NotificationRow {
  const { pending: _p, failed: _f, sent: _s, avg_duration_ms: _a, most_common_error: _m, ...detail } = row;
  return detail;
}

export function sendOf(patch: Partial<SendHistoryRow> & { id: string }): SendHistoryRow {
  return {
    notification_id: RULE.id,
    status: 'sent',
    error: null,
    duration_millis: 120,
    source_event: 'check.failed',
    resource_id: 'c-api',
    resource_type: 'check',
    resource_name: 'api',
    recipient: 'ops@example.com',
    title: 'API is down',
    body: 'Check **api** failed',
    attempts: 1,
    silenced_by: null,
    created_at: '2024-03-03T10:00:00Z',
    ...patch,
  };
}
