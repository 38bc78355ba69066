import { describe, expect, it } from 'vitest';
import {
  aggregateCheckStatus,
  healthColour,
  healthValueColour,
  showsRecency,
  uptimeBarColour,
} from './health.js';

describe('healthColour', () => {
  it('is red for degraded, missing and unhealthy', () => {
    expect(healthColour('degraded')).toBe('red');
    expect(healthColour('missing')).toBe('red');
    expect(healthColour('unhealthy')).toBe('red');
    expect(healthColour('Unhealthy')).toBe('red');
  });

  it('is red for a not-good flag whatever the status', () => {
    expect(healthColour('healthy', false)).toBe('red');
    expect(healthColour('unknown', false)).toBe('red');
    expect(healthColour(undefined, false)).toBe('red');
  });

  it('is gray for unknown or suspended', () => {
    expect(healthColour('unknown')).toBe('gray');
    expect(healthColour('suspended')).toBe('gray');
  });

  it('is orange for warning or mixed', () => {
    expect(healthColour('warning')).toBe('orange');
    expect(healthColour('mixed')).toBe('orange');
  });

  it('is green otherwise', () => {
    expect(healthColour('healthy')).toBe('green');
    expect(healthColour('healthy', true)).toBe('green');
    expect(healthColour('running')).toBe('green');
    expect(healthColour(null)).toBe('green');
  });
});

describe('health values', () => {
  it('colours the summary bar: healthy green, unhealthy red, warning orange, else gray', () => {
    expect(healthValueColour('healthy')).toBe('green');
    expect(healthValueColour('unhealthy')).toBe('red');
    expect(healthValueColour('warning')).toBe('orange');
    expect(healthValueColour('unknown')).toBe('gray');
    expect(healthValueColour(null)).toBe('gray');
  });

  it('aggregates a group as mixed when statuses differ', () => {
    expect(aggregateCheckStatus(['healthy', 'healthy'])).toBe('healthy');
    expect(aggregateCheckStatus(['unhealthy'])).toBe('unhealthy');
    expect(aggregateCheckStatus(['healthy', 'unhealthy'])).toBe('mixed');
    expect(aggregateCheckStatus([])).toBeUndefined();
  });
});

describe('uptime bar and recency', () => {
  it('turns orange above 75 and red above 90', () => {
    expect(uptimeBarColour(75)).toBe('green');
    expect(uptimeBarColour(75.1)).toBe('orange');
    expect(uptimeBarColour(90)).toBe('orange');
    expect(uptimeBarColour(90.1)).toBe('red');
  });

  it('shows recency only for 1 hour to 7 days', () => {
    expect(showsRecency(59)).toBe(false);
    expect(showsRecency(60)).toBe(true);
    expect(showsRecency(10080)).toBe(true);
    expect(showsRecency(10081)).toBe(false);
  });
});
