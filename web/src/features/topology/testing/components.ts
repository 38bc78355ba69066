import type { TopologyComponent, TopologyResponse } from '@pharos/core';
import { json, type StubRoute } from '../../../test/fetch-stub';

/** A component of GET /api/topology with every field set; `overrides` change what a test is about. */
export function aComponent(overrides: Partial<TopologyComponent> & Pick<TopologyComponent, 'id' | 'name'>): TopologyComponent {
  return {
    type: 'Service',
    icon: null,
    labels: {},
    properties: [],
    status: 'healthy',
    health: 'healthy',
    parent_id: null,
    path: '',
    topology_id: null,
    agent_id: '00000000-0000-0000-0000-000000000000',
    is_leaf: false,
    hidden: false,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
    deleted_at: null,
    summary: {},
    components: [],
    ...overrides,
  };
}

export function aResponse(components: TopologyComponent[], extra: Partial<TopologyResponse> = {}): TopologyResponse {
  return { components, healthStatuses: ['healthy', 'unhealthy', 'warning'], tags: {}, teams: [], types: [], ...extra };
}

/** GET /api/topology answered by `respond` from the request's query. */
export function topologyRoute(respond: (query: URLSearchParams) => TopologyResponse | { status: number; body: unknown }): StubRoute {
  return {
    method: 'GET',
    path: '/api/topology',
    respond: (request) => {
      const answer = respond(request.url.searchParams);
      return 'components' in answer ? json(answer) : answer;
    },
  };
}
