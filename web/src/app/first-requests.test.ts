import { describe, expect, it, vi } from 'vitest';
import { http } from '../api/http';
import { fetchWhoami } from '../api/session';
import { json, stubFetch } from '../test/fetch-stub';
import { fetchFeatureProperties } from './access/feature-flags';
import { startFirstRequests } from './first-requests';

const session = { user: { id: 'u1', name: 'Ada', email: 'ada@example.com', avatar: null, roles: ['admin'] }, permissions: {} };
const flags = [{ name: 'incidents.disable', value: 'true' }];

function stubShellAnswers() {
  return stubFetch([
    { path: '/api/auth/whoami', respond: () => json(session) },
    { path: '/api/db/properties', respond: () => json(flags) },
  ]);
}

describe('the first requests of a signed-in page', () => {
  it('asks for the session and the flags before the app loads, and the app takes those answers instead of asking again', async () => {
    const server = stubShellAnswers();
    startFirstRequests('/topology');
    await vi.waitFor(() =>
      expect(server.requests.map((request) => `${request.url.pathname}${request.url.search}`)).toEqual([
        '/api/auth/whoami',
        '/api/db/properties?select=name%2Cvalue&name=like.*.disable',
      ]),
    );
    expect(server.requests.every((request) => request.credentials === 'include')).toBe(true);

    await expect(fetchWhoami()).resolves.toMatchObject({ user: { name: 'Ada' } });
    await expect(fetchFeatureProperties()).resolves.toEqual(flags);
    expect(server.requests).toHaveLength(2);

    // Each early answer is taken once: a later check asks the server again.
    await fetchFeatureProperties();
    expect(server.requests).toHaveLength(3);
  });

  it("leaves the flags to an organization's own backend in direct mode, asking this server only for the session", async () => {
    const organization = { id: 'o1', name: 'Acme', slug: 'acme', role: 'admin', publicMetadata: { backend_url: 'http://backend.example.test', direct: true } };
    const server = stubFetch([
      { path: '/api/auth/whoami', respond: () => json({ ...session, organization }) },
      { path: '/api/db/properties', respond: () => json(flags) },
    ]);
    startFirstRequests('/topology');
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    // The app's own session check takes the early answer, which was not spent on deciding.
    await expect(http.get('/api/auth/whoami', { session: 'none' })).resolves.toMatchObject({ organization: { slug: 'acme' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.requests.map((request) => request.url.pathname)).toEqual(['/api/auth/whoami']);
  });

  it('asks nothing ahead on the pages of the identity flows', async () => {
    const server = stubShellAnswers();
    for (const page of ['/login', '/registration', '/recovery', '/verification', '/auth-state-checker']) startFirstRequests(page);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.requests).toHaveLength(0);
  });
});
