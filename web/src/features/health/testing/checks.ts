import type { CheckSummary } from '@pharos/core';

/** A check of checks_summary with every field set; `overrides` change what a test is about. */
export function aCheck(overrides: Partial<CheckSummary> & Pick<CheckSummary, 'id' | 'name'>): CheckSummary {
  return {
    canary_id: 'k1',
    canary_name: 'shop',
    canary_namespace: 'default',
    agent_id: '00000000-0000-0000-0000-000000000000',
    namespace: 'default',
    type: 'http',
    icon: null,
    description: null,
    endpoint: null,
    labels: {},
    status: 'healthy',
    severity: null,
    uptime: { passed: 10, failed: 0 },
    latency: { p95: 50, p97: 60, p99: 70, rolling1h: 40 },
    last_runtime: '2026-11-25T10:00:00Z',
    last_transition_time: '2026-11-25T09:00:00Z',
    next_runtime: '2026-11-25T10:01:00Z',
    created_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}
