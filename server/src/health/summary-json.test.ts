import { describe, expect, it } from 'vitest';
import { checksSummaryBody, SUMMARY_COLUMNS } from './summary-json.js';

const row = (cells: Partial<Record<(typeof SUMMARY_COLUMNS)[number], string | null>>): (string | null)[] => SUMMARY_COLUMNS.map((column) => cells[column] ?? null);

describe('checks summary JSON', () => {
  it('writes each check as row_to_json would: texts quoted, labels and numbers as sent, times in ISO 8601 with a full offset', () => {
    const body = checksSummaryBody([
      row({
        id: 'c1', canary_id: 'k1', canary_name: 'shop "eu"', agent_id: '00000000-0000-0000-0000-000000000000', name: 'checkout', type: 'http',
        endpoint: 'https://shop/\\checkout', labels: '{"tier": "web"}', status: 'unhealthy', passed: '9', failed: '1', p95: '300', p97: '310', p99: '320', rolling1h: '200',
        last_runtime: '2026-11-25 09:30:00.123+00', last_transition_time: '2026-11-25 15:00:00+05:30', created_at: '2026-11-01 00:00:00+00',
      }),
      row({ id: 'c2', name: 'queue', labels: '{}' }),
    ]);
    expect(JSON.parse(body)).toEqual({
      checks_summary: [
        {
          id: 'c1', canary_id: 'k1', canary_name: 'shop "eu"', canary_namespace: null, agent_id: '00000000-0000-0000-0000-000000000000', name: 'checkout', namespace: null,
          type: 'http', icon: null, description: null, endpoint: 'https://shop/\\checkout', labels: { tier: 'web' }, status: 'unhealthy', severity: null,
          uptime: { passed: 9, failed: 1 }, latency: { p95: 300, p97: 310, p99: 320, rolling1h: 200 },
          last_runtime: '2026-11-25T09:30:00.123+00:00', last_transition_time: '2026-11-25T15:00:00+05:30', next_runtime: null, created_at: '2026-11-01T00:00:00+00:00',
        },
        {
          id: 'c2', canary_id: null, canary_name: null, canary_namespace: null, agent_id: null, name: 'queue', namespace: null, type: null, icon: null, description: null,
          endpoint: null, labels: {}, status: null, severity: null, uptime: { passed: 0, failed: 0 }, latency: { p95: null, p97: null, p99: null, rolling1h: null },
          last_runtime: null, last_transition_time: null, next_runtime: null, created_at: null,
        },
      ],
    });
    expect(checksSummaryBody([])).toBe('{"checks_summary":[]}');
  });
});
