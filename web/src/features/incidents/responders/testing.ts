import type { StubRoute } from '../../../test/fetch-stub';
import { dbRoute, rows } from '../../../test/render-settings';
import { detailRoutes, incidentFixture } from '../testing';

export const TEAMS = [
  {
    id: 't1',
    name: 'Payments',
    icon: 'group',
    spec: {
      responder_clients: {
        email: { connection: 'connection://default/mail', to: 'oncall@example.com' },
        jira: { connection: 'jira-cloud' },
        ms_planner: { connection: 'planner' },
      },
    },
  },
  { id: 't2', name: 'Platform', icon: 'group', spec: {} },
  {
    id: 't3',
    name: 'Vendors',
    icon: null,
    spec: { responder_clients: { email: {}, jira: {}, service_now: {}, ca: {}, aws_support: {}, redhat: {}, oracle: {}, vmware: {} } },
  },
];

export const PEOPLE = [
  { id: 'p1', name: 'Ada Lovelace', avatar: null },
  { id: 'p2', name: 'Alan Turing', avatar: null },
];

/** A responder row as the list query answers it. */
export function responderFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 'r1',
    incident_id: 'i1',
    type: 'system',
    team_id: 't1',
    person_id: null,
    external_id: null,
    properties: { responderType: 'email', to: 'oncall@example.com', subject: 'Checkout is down', body: 'Please look' },
    created_at: new Date().toISOString(),
    acknowledge_time: null,
    signoff_time: null,
    close_time: null,
    team: TEAMS[0],
    person: null,
    ...overrides,
  };
}

/** The detail page's calls plus the responders', teams' and people's; `routes` answer first. */
export function responderRoutes(responders: unknown[], routes: StubRoute[] = []): StubRoute[] {
  return detailRoutes(incidentFixture(), [
    ...routes,
    dbRoute('GET', 'responders', () => rows(responders)),
    dbRoute('GET', 'teams', () => rows(TEAMS)),
    dbRoute('GET', 'people', () => rows(PEOPLE)),
    dbRoute('POST', 'responders', () => ({ status: 201 })),
    dbRoute('PATCH', 'responders', () => ({ status: 204 })),
  ]);
}
