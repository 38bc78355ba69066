import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { ApiError } from './api-error';
import { setDirectOrganization } from './direct-mode';
import { http } from './http';
import { setNavigator } from './navigation';
import { fetchWhoami } from './session';

const BACKEND = 'http://backend.example.test';
const issued = (token: string) => json({ token, backend_url: BACKEND, expires_at: new Date(Date.now() + 300_000).toISOString() });

describe('direct mode', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/health');
    setDirectOrganization({ backendUrl: `${BACKEND}/` });
  });
  afterEach(() => setDirectOrganization(null));

  it("sends the organization's calls to its backend with the front door's token and no cookies, asking for the token once", async () => {
    let tokens = 0;
    const server = stubFetch([
      { method: 'POST', path: '/api/organizations/current/token', respond: () => issued(`token-${++tokens}`) },
      { path: '/api/db/teams', respond: () => json([]) },
      { path: '/api/organizations', respond: () => json({ organizations: [], current: null, canCreate: false }) },
    ]);
    await http.get('/api/db/teams');
    await http.get('/api/db/teams');
    await http.get('/api/organizations');
    const [tokenRequest, first, second, frontDoor] = server.requests;
    expect(tokenRequest?.credentials).toBe('include');
    expect(tokens).toBe(1);
    for (const request of [first, second]) {
      expect(request?.url.origin).toBe(BACKEND);
      expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
      expect(request?.credentials).toBe('omit');
    }
    // The switcher and the rest of the front door's own calls stay with the session.
    expect(frontDoor?.url.origin).toBe(window.location.origin);
    expect(frontDoor?.headers.get('Authorization')).toBeNull();
    expect(frontDoor?.credentials).toBe('include');
  });

  it('sends a refused token (403) to sign in again at aal2, but leaves a refusal of the role to the page', async () => {
    stubFetch([
      { method: 'POST', path: '/api/organizations/current/token', respond: () => issued('token') },
      { path: '/api/db/teams', respond: () => json({ code: 'organization_mismatch', message: 'The bearer token is for another organization than the one this Pharos serves' }, 403) },
      { path: '/api/db/agents', respond: () => json({ code: '42501', message: 'permission denied' }, 403) },
    ]);
    await http.get('/api/db/teams').catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/login?aal=aal2&return_to=%2Fhealth', { replace: true });
    navigate.mockReset();
    const denied = await http.get('/api/db/agents').catch((error: unknown) => error);
    expect(navigate).not.toHaveBeenCalled();
    expect((denied as ApiError).status).toBe(403);
  });

  it('sends a token the backend refuses as unprocessable (422) to sign in again at aal2', async () => {
    stubFetch([
      { method: 'POST', path: '/api/organizations/current/token', respond: () => issued('token') },
      { path: '/api/db/teams', respond: () => json({ message: 'The bearer token carries no organization' }, 422) },
    ]);
    const failure = await http.get('/api/db/teams').catch((error: unknown) => error);
    expect(navigate).toHaveBeenCalledWith('/login?aal=aal2&return_to=%2Fhealth', { replace: true });
    expect((failure as ApiError).redirected).toBe(true);
  });

  it("sends the backend's 401 (an expired token) to sign in again, keeping where the person was", async () => {
    const server = stubFetch([
      { method: 'POST', path: '/api/organizations/current/token', respond: () => issued('token') },
      { path: '/api/db/teams', respond: () => json({ message: 'The bearer token has expired: sign in again' }, 401) },
    ]);
    const failure = await http.get('/api/db/teams').catch((error: unknown) => error);
    expect(server.requests.find((request) => request.url.pathname === '/api/db/teams')?.url.origin).toBe(BACKEND);
    expect(navigate).toHaveBeenCalledWith('/auth-state-checker?return_to=%2Fhealth', { replace: true });
    expect((failure as ApiError).status).toBe(401);
  });

  it("fails the session check with the backend's status while it is provisioning, and with 503 while it does not answer", async () => {
    const organization = { id: 'o1', name: 'Acme', slug: 'acme', role: 'admin', publicMetadata: { backend_url: BACKEND, direct: true } };
    let backendUp = true;
    stubFetch([
      { method: 'POST', path: '/api/organizations/current/token', respond: () => issued('token') },
      {
        path: '/api/auth/whoami',
        respond: (request) => {
          if (request.url.origin !== BACKEND) return json({ user: { id: 'p', name: 'Ada', email: 'a@example.com', avatar: null, roles: [] }, permissions: {}, organization });
          if (!backendUp) throw new TypeError('Failed to fetch');
          return json({ message: 'starting' }, 503);
        },
      },
    ]);
    const provisioning = await fetchWhoami().catch((error: unknown) => error);
    expect((provisioning as ApiError).status).toBe(503);
    backendUp = false;
    const silent = await fetchWhoami().catch((error: unknown) => error);
    expect(silent).toBeInstanceOf(ApiError);
    expect((silent as ApiError).status).toBe(503);
  });

  it('holds a call made while the session check runs until it knows the organization lives on its backend', async () => {
    setDirectOrganization(null);
    const organization = { id: 'o1', name: 'Acme', slug: 'acme', role: 'admin', publicMetadata: { backend_url: BACKEND, direct: true } };
    const user = { id: 'p', name: 'Ada', email: 'a@example.com', avatar: null, roles: ['admin'] };
    const server = stubFetch([
      { method: 'POST', path: '/api/organizations/current/token', respond: () => issued('token') },
      { path: '/api/auth/whoami', respond: (request) => json({ user, permissions: {}, ...(request.url.origin === BACKEND ? {} : { organization }) }) },
      { path: '/api/db/properties', respond: () => json([]) },
    ]);
    const [session] = await Promise.all([fetchWhoami(), http.get('/api/db/properties')]);
    expect(session.organization?.slug).toBe('acme');
    const properties = server.requests.find((request) => request.url.pathname === '/api/db/properties');
    expect(properties?.url.origin).toBe(BACKEND);
    expect(properties?.headers.get('Authorization')).toBe('Bearer token');
  });
});
