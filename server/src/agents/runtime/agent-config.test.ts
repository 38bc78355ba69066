import { describe, expect, it } from 'vitest';
import { AgentConfigError, DEFAULT_SYNC_INTERVAL_MS, loadAgentConfig } from './agent-config.js';

describe('loadAgentConfig', () => {
  it('is not an agent without PHAROS_UPSTREAM_URL', () => {
    expect(loadAgentConfig({})).toBeNull();
  });

  it('reads the upstream, the token and the interval', () => {
    expect(loadAgentConfig({ PHAROS_UPSTREAM_URL: 'https://up.example.com', PHAROS_UPSTREAM_TOKEN: 't' })).toEqual({
      upstreamUrl: 'https://up.example.com',
      token: 't',
      intervalMs: DEFAULT_SYNC_INTERVAL_MS,
    });
    expect(DEFAULT_SYNC_INTERVAL_MS).toBe(60_000);
    expect(loadAgentConfig({ PHAROS_UPSTREAM_URL: 'http://up', PHAROS_UPSTREAM_TOKEN: 't', PHAROS_AGENT_SYNC_INTERVAL_MS: '500' })?.intervalMs).toBe(500);
  });

  it.each([
    [{ PHAROS_UPSTREAM_URL: 'not a url', PHAROS_UPSTREAM_TOKEN: 't' }, /is not a URL/],
    [{ PHAROS_UPSTREAM_URL: 'ftp://up', PHAROS_UPSTREAM_TOKEN: 't' }, /http:\/\/ or https:\/\//],
    [{ PHAROS_UPSTREAM_URL: 'http://up' }, /PHAROS_UPSTREAM_TOKEN is required/],
    [{ PHAROS_UPSTREAM_URL: 'http://up', PHAROS_UPSTREAM_TOKEN: 't', PHAROS_AGENT_SYNC_INTERVAL_MS: '5' }, /at least 100/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadAgentConfig(env)).toThrow(AgentConfigError);
    expect(() => loadAgentConfig(env)).toThrow(message);
  });
});
