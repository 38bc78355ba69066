import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { ApiError } from './api-error';
import { http } from './http';
import { setNavigator } from './navigation';
import { db } from './postgrest';

const aal2Body = { error: { id: 'session_aal2_required', code: 403, message: 'A higher assurance level is required' } };

describe('the HTTP client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/health?tab=checks');
  });

  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const server = stubFetch([{ method: 'POST', path: '/api/things', respond: (r) => json({ got: r.body }, 201) }]);
    await expect(http.post('/api/things', { name: 'a' }, { query: { dry: true, skip: undefined } })).resolves.toEqual({
      got: { name: 'a' },
    });
    const [request] = server.requests;
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.url.search).toBe('?dry=true');
  });

  it('sends a 401 to the auth-state checker with the current path and query', async () => {
    stubFetch([{ path: '/api/about', respond: () => json({ code: 'PGRST301', message: 'Not signed in' }, 401) }]);
    const failure = await http.get('/api/about').catch((e: unknown) => e);
    expect(navigate).toHaveBeenCalledWith('/auth-state-checker?return_to=%2Fhealth%3Ftab%3Dchecks', { replace: true });
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).redirected).toBe(true);
  });

  it.each([403, 422])('sends a %i asking for a second factor to sign-in at aal2', async (status) => {
    stubFetch([{ path: '/api/about', respond: () => json(aal2Body, status) }]);
    const failure = await http.get('/api/about').catch((e: unknown) => e);
    expect(navigate).toHaveBeenCalledWith('/login?aal=aal2&return_to=%2Fhealth%3Ftab%3Dchecks', { replace: true });
    expect((failure as ApiError).redirected).toBe(true);
  });

  it('sends someone whose address must be verified first to verification, coming back here after', async () => {
    const unverified = { code: 'session_verified_address_required', message: 'Verify your email address before using Pharos: enter the code sent to it.', error: { id: 'session_verified_address_required' }, redirect_browser_to: '/verification' };
    stubFetch([{ path: '/api/db/incidents', respond: () => json(unverified, 403) }]);
    const failure = await http.get('/api/db/incidents').catch((e: unknown) => e);
    expect(navigate).toHaveBeenCalledWith('/verification?return_to=%2Fhealth%3Ftab%3Dchecks', { replace: true });
    expect((failure as ApiError).redirected).toBe(true);
  });

  it('rethrows any other failure with the status and the server message', async () => {
    stubFetch([
      { path: '/api/forbidden', respond: () => json({ code: '42501', message: 'permission denied for agents', details: null, hint: null }, 403) },
      { path: '/api/broken', respond: () => json({ code: 'INTERNAL', message: 'Internal server error' }, 500) },
    ]);
    const forbidden = await http.get('/api/forbidden').catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(ApiError);
    expect(forbidden).toMatchObject({ status: 403, message: 'permission denied for agents', redirected: false, id: '42501' });
    const broken = await http.get('/api/broken').catch((e: unknown) => e);
    expect(broken).toMatchObject({ status: 500, message: 'Internal server error' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the caller when asked (the session check itself)', async () => {
    stubFetch([{ path: '/api/auth/whoami', respond: () => json({ message: 'no session' }, 401) }]);
    await expect(http.get('/api/auth/whoami', { session: 'none' })).rejects.toMatchObject({ status: 401, redirected: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect again from the sign-in pages', async () => {
    window.history.replaceState(null, '', '/login?return_to=%2F');
    stubFetch([{ path: '/api/about', respond: () => json({}, 401) }]);
    await expect(http.get('/api/about')).rejects.toMatchObject({ status: 401, redirected: false });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the data-service client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/settings/agents');
  });

  it('calls /api/db through the same client', async () => {
    const server = stubFetch([{ path: '/api/db/agents', respond: () => json([{ id: 'a1', name: 'local' }]) }]);
    const { data } = await db.from('agents').select('id,name').order('name').throwOnError();
    expect(data).toEqual([{ id: 'a1', name: 'local' }]);
    expect(server.requests[0]?.credentials).toBe('include');
    expect(server.requests[0]?.url.searchParams.get('select')).toBe('id,name');
  });

  it('shares the 401 handling', async () => {
    stubFetch([{ path: '/api/db/agents', respond: () => json({ code: 'PGRST301', message: 'Not signed in' }, 401) }]);
    const failure = await db.from('agents').select('*').throwOnError().then(
      () => null,
      (e: unknown) => e,
    );
    expect(navigate).toHaveBeenCalledWith('/auth-state-checker?return_to=%2Fsettings%2Fagents', { replace: true });
    expect(failure).toMatchObject({ status: 401, redirected: true });
  });

  it('shares the second-factor handling', async () => {
    stubFetch([{ path: '/api/db/agents', respond: () => json(aal2Body, 403) }]);
    await db.from('agents').select('*').throwOnError().then(
      () => null,
      (e: unknown) => e,
    );
    expect(navigate).toHaveBeenCalledWith('/login?aal=aal2&return_to=%2Fsettings%2Fagents', { replace: true });
  });
});
