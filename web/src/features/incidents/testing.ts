import type { StubRoute } from '../../test/fetch-stub';
import { dbRoute, rows } from '../../test/render-settings';

const now = () => new Date().toISOString();

/** An incident as the detail query answers it: a root hypothesis with a component as evidence and a comment, an untitled factor under it. */
export function incidentFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 'i1',
    incident_id: 'INC-7',
    title: 'Checkout is down',
    description: null,
    type: 'availability',
    severity: null,
    status: 'open',
    created_at: now(),
    updated_at: now(),
    commander: null,
    creator: { id: 'u1', name: 'Ada Lovelace', avatar: null },
    hypotheses: [
      {
        id: 'h1',
        incident_id: 'i1',
        parent_id: null,
        title: 'Database overloaded',
        type: 'root',
        status: 'possible',
        created_at: '2026-01-01T00:00:00Z',
        comments: [{ id: 'k1', incident_id: 'i1', hypothesis_id: 'h1', comment: 'CPU at 100%', created_at: now(), created_by: 'u1', person: { id: 'u1', name: 'Ada Lovelace', avatar: null } }],
        evidences: [
          {
            id: 'e1',
            hypothesis_id: 'h1',
            type: 'topology',
            description: null,
            evidence: {},
            definition_of_done: false,
            done: false,
            component_id: 'c1',
            component: { id: 'c1', name: 'checkout-api', icon: null },
            created_at: now(),
          },
        ],
      },
      { id: 'h2', incident_id: 'i1', parent_id: 'h1', title: null, type: 'factor', status: 'likely', created_at: '2026-01-01T00:01:00Z', comments: [], evidences: [] },
      { id: 'h3', incident_id: 'i1', parent_id: 'h2', title: 'Add a replica', type: 'solution', status: 'possible', created_at: '2026-01-01T00:02:00Z', comments: [], evidences: [] },
    ],
    ...overrides,
  };
}

/** The calls of the detail page, answering `incident`; writes answer 204 unless `writes` says otherwise. */
export function detailRoutes(incident: unknown, writes: StubRoute[] = []): StubRoute[] {
  return [
    ...writes,
    dbRoute('GET', 'incidents', () => rows(incident ? [incident] : [])),
    dbRoute('GET', 'incident_histories', () => rows([])),
    dbRoute('PATCH', '(incidents|hypotheses|evidences)', () => ({ status: 204 })),
    dbRoute('POST', '(hypotheses|comments)', () => ({ status: 201 })),
    dbRoute('DELETE', '(hypotheses|comments|evidences)', () => ({ status: 204 })),
  ];
}
