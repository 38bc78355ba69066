import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { stubFetch, type StubRoute } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { signedInRoutes, type SignedInOptions } from './shell-stubs';

/**
 * Renders the app at `url` for a signed-in user (whoami, flags, about and logout token stubbed),
 * plus any further routes; waits until the shell is there.
 */
export async function renderShell(url: string, options: SignedInOptions & { routes?: StubRoute[]; appRoutes?: RouteObject[] } = {}) {
  const server = stubFetch([...(options.routes ?? []), ...signedInRoutes(options)]);
  const app = renderApp(url, options.appRoutes ? { routes: options.appRoutes } : {});
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return { ...app, server };
}

/** The names of the links in a container. */
export function linkNames(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('a')).map((a) => a.textContent?.trim() ?? '');
}
