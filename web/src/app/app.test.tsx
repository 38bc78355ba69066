import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { signedInRoutes } from './testing/shell-stubs';

/** Loads the app module afresh at `path`: it starts its requests when loaded, before any render. */
async function loadAppAt(path: string) {
  window.history.replaceState(null, '', path);
  const server = stubFetch(signedInRoutes());
  vi.resetModules();
  await import('./app');
  return server;
}

describe('the app at start', () => {
  it('asks for the session and the feature flags at once, before the first render', async () => {
    const server = await loadAppAt('/health?checkId=c1');
    await waitFor(() => expect(server.requests.map((r) => r.url.pathname).sort()).toEqual(['/api/auth/whoami', '/api/db/properties']));
  });

  it('asks for neither on the sign-in pages', async () => {
    const server = await loadAppAt('/login?return_to=%2F');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);
  });
});
