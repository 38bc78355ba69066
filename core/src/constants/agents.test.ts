import { describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, AGENT_SCRAPE_INTERVALS, isAgentOnline } from './agents.js';

describe('agent online rule', () => {
  const now = new Date('2024-05-01T12:00:00Z');

  it('is online when last seen within 61 seconds', () => {
    expect(isAgentOnline(new Date('2024-05-01T11:59:59Z'), now)).toBe(true);
    expect(isAgentOnline('2024-05-01T11:58:59Z', now)).toBe(true); // exactly 61 s
    expect(isAgentOnline(now.getTime(), now)).toBe(true);
  });

  it('is offline after 61 seconds', () => {
    expect(isAgentOnline('2024-05-01T11:58:58.999Z', now)).toBe(false);
    expect(isAgentOnline('2024-04-30T12:00:00Z', now)).toBe(false);
  });

  it('is offline when never seen or seen at the zero date', () => {
    expect(isAgentOnline(null, now)).toBe(false);
    expect(isAgentOnline(undefined, now)).toBe(false);
    expect(isAgentOnline('0001-01-01T00:00:00Z', now)).toBe(false);
    expect(isAgentOnline('not a date', now)).toBe(false);
  });
});

describe('agent defaults', () => {
  it('scrapes kubernetes every 30m by default, disabled', () => {
    expect(AGENT_SCRAPE_INTERVALS).toEqual(['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h']);
    expect(AGENT_DEFAULTS.kubernetes).toEqual({ enabled: false, interval: '30m' });
    expect(AGENT_DEFAULTS.pushTelemetry.enabled).toBe(false);
  });
});
