import { describe, expect, it } from 'vitest';
import {
  CONNECTION_DEFAULTS,
  CONNECTION_TYPES,
  EMAIL_AUTH_OPTIONS,
  EMAIL_DEFAULTS,
  EMAIL_ENCRYPTION_OPTIONS,
  HEALTH_CHECK_SCHEDULES,
  HTTP_METHODS,
  NOTIFICATION_EVENTS,
  REPEAT_INTERVALS,
  SCHEDULE_PRESET_SETS,
  httpMethodHasBody,
  isConnectionTestSuccess,
  isNotificationEditable,
  settingsListRelation,
} from './index.js';

describe('settings constants', () => {
  it('lists the 42 connection types without duplicates', () => {
    expect(CONNECTION_TYPES).toHaveLength(42);
    expect(new Set(CONNECTION_TYPES).size).toBe(42);
    expect(CONNECTION_DEFAULTS).toEqual({ namespace: 'default', sftpPort: 22, smbPort: 445, gitRef: 'main' });
  });

  it('has the email options and defaults', () => {
    expect(EMAIL_ENCRYPTION_OPTIONS).toEqual(['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto']);
    expect(EMAIL_AUTH_OPTIONS).toEqual(['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2']);
    expect(EMAIL_DEFAULTS).toEqual({ port: 587, encryptionMethod: 'Auto', authMethod: 'Unknown' });
  });

  it('has the fifteen notification events and the repeat intervals', () => {
    expect(NOTIFICATION_EVENTS).toHaveLength(15);
    expect(NOTIFICATION_EVENTS).toContain('playbook.spec.approval.updated');
    expect(REPEAT_INTERVALS).toEqual(['1h', '2h', '3h', '6h', '1d', '1w', '1m']);
  });

  it('has the health-check schedules; the medium set holds the kubernetes default', () => {
    expect(HEALTH_CHECK_SCHEDULES).toEqual([
      '@every 30s', '@every 1m', '@every 5m', '@every 30m', '@hourly', '@every 6h', '@daily', '@weekly',
    ]);
    expect(SCHEDULE_PRESET_SETS.medium).toContain('@every 30m');
  });
});

describe('settings rules', () => {
  it('gives a body only to POST and PUT', () => {
    expect(HTTP_METHODS.filter(httpMethodHasBody)).toEqual(['POST', 'PUT']);
  });

  it('lets only UI or source-less notifications be edited', () => {
    expect(isNotificationEditable('UI')).toBe(true);
    expect(isNotificationEditable('')).toBe(true);
    expect(isNotificationEditable(null)).toBe(true);
    expect(isNotificationEditable('KubernetesCRD')).toBe(false);
  });

  it('reads a connection test as success only for 200 with message ok', () => {
    expect(isConnectionTestSuccess(200, 'ok')).toBe(true);
    expect(isConnectionTestSuccess(200, 'failed')).toBe(false);
    expect(isConnectionTestSuccess(400, 'ok')).toBe(false);
  });

  it('lists settings from _with_status views except incident_rules and connections', () => {
    expect(settingsListRelation('canaries')).toBe('canaries_with_status');
    expect(settingsListRelation('teams')).toBe('teams_with_status');
    expect(settingsListRelation('incident_rules')).toBe('incident_rules');
    expect(settingsListRelation('connections')).toBe('connections');
  });
});
