import { describe, expect, it } from 'vitest';
import * as core from './index.js';

describe('@pharos/core entry point', () => {
  it('re-exports permissions, feature flags, constants and formatters', () => {
    const names = [
      'can', 'permissionsFor', 'canRunCheck', 'isRole', 'ROLES', 'RESOURCES',
      'isFeatureEnabled', 'disabledFeatures', 'featureParent', 'FEATURES',
      'allowedRefreshRate', 'healthColour', 'isAgentOnline', 'canChangeIncidentStatus', 'JOB_STATUS_COLOURS',
      'resolveTimeRange', 'CONNECTION_TYPES', 'NOTIFICATION_EVENTS',
      'formatDuration', 'formatLongDuration', 'formatBytes', 'formatCost', 'costTrend', 'formatPercent',
      'uptimePercent', 'relativeTime', 'formatTime', 'formatMonthDay', 'formatDateTime', 'formatTimestamp',
      'dateGroup', 'avatarInitials', 'truncate', 'isZeroDate', 'formatCount',
    ];
    for (const name of names) expect(core, name).toHaveProperty(name);
  });
});
