import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setNavigator } from '../api/navigation';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes as appRoutes } from '../app/routes';

/**
 * Renders the app (or the given routes) at `url` in a memory router, with the real providers.
 * Navigation from outside components goes to the same router, as in the browser.
 */
export function renderApp(url: string, options: { routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [url] });
  setNavigator((to, navigateOptions) => void router.navigate(to, navigateOptions));
  const queryClient = createQueryClient();
  // With fake timers (vi.useFakeTimers), user-event's own delays advance them.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return {
    ...result,
    router,
    queryClient,
    user,
    /** Path and query the router is at. */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
